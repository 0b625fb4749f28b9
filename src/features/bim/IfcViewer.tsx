// The BIM viewer (docs/share-links.md): the bytes of an IFC file drawn in 3D — orbit (left button), pan
// (right button), zoom (wheel), 适应窗口 to fit the model again; 正在加载BIM模型… while the file and the
// viewer (three.js + web-ifc, their own chunk) load, a Chinese reason when the file cannot be read. The
// same viewer serves /ifc (a share link) and the console's BIM模型 page.
import { useEffect, useRef, useState } from 'react';
import type { IfcScene } from './ifc-scene';
import './bim.css';

export type IfcViewerProps = {
  /** The IFC file's bytes (the share link's, or the project's through the session). */
  load: (signal: AbortSignal) => Promise<ArrayBuffer>;
  /** Shown over the view (project, file). */
  title?: string;
};

type Phase = { kind: 'loading'; text: string } | { kind: 'ready'; meshes: number } | { kind: 'error'; message: string };

const errorText = (e: unknown): string => (e instanceof Error && /[\u4e00-\u9fa5]/.test(e.message) ? e.message : 'BIM模型文件无法读取');

export function IfcViewer({ load, title }: IfcViewerProps) {
  const stage = useRef<HTMLDivElement>(null);
  const scene = useRef<IfcScene | null>(null);
  const loader = useRef(load);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading', text: '正在加载BIM模型…' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    loader.current = load;
  });

  useEffect(() => {
    const container = stage.current;
    if (!container) return undefined;
    const abort = new AbortController();
    let opened: IfcScene | null = null;
    setPhase({ kind: 'loading', text: '正在加载BIM模型…' });
    void (async () => {
      try {
        const [bytes, { openIfcScene }] = await Promise.all([loader.current(abort.signal), import('./ifc-scene')]);
        if (abort.signal.aborted) return;
        setPhase({ kind: 'loading', text: '正在生成三维模型…' });
        // One frame for the message to show before the parse takes the thread.
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        opened = await openIfcScene(container, new Uint8Array(bytes));
        if (abort.signal.aborted) {
          opened.dispose();
          return;
        }
        scene.current = opened;
        setPhase({ kind: 'ready', meshes: opened.meshes });
      } catch (e) {
        if (!abort.signal.aborted) setPhase({ kind: 'error', message: errorText(e) });
      }
    })();
    return () => {
      abort.abort();
      opened?.dispose();
      scene.current = null;
    };
  }, [attempt]);

  return (
    <div className="bim-viewer" data-state={phase.kind} data-meshes={phase.kind === 'ready' ? phase.meshes : undefined}>
      <div className="bim-stage" ref={stage} />
      {title && <div className="bim-title">{title}</div>}
      {phase.kind === 'ready' && (
        <div className="bim-tools">
          <span className="bim-hint">左键旋转 · 右键平移 · 滚轮缩放</span>
          <button type="button" className="bim-button" onClick={() => scene.current?.fit()}>
            适应窗口
          </button>
        </div>
      )}
      {phase.kind !== 'ready' && (
        <div className="bim-layer">
          {phase.kind === 'loading' && <span className="bim-text">{phase.text}</span>}
          {phase.kind === 'error' && (
            <>
              <span className="bim-text is-error" role="alert">
                {phase.message}
              </span>
              <button type="button" className="bim-button" onClick={() => setAttempt((n) => n + 1)}>
                重试
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}

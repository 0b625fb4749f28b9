// /ysyiframe?token=… (§2.2, docs/share-links.md): one camera's live video, full size, for another
// system's <iframe> — no console chrome, no session. The token names the camera; the server answers its
// stream address (GET Share/Camera/<token>) and nothing else; the console's player plays it.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { SHARE_MESSAGES, SHARE_PATHS, type SharedCamera } from '../../../common/share';
import { fetchShared, tokenOf } from '../../lib/share/api';
import { VideoPlayer } from '../../lib/video/VideoPlayer';
import './share.css';

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; camera: SharedCamera };

export function SharedCameraPage() {
  const token = tokenOf(useLocation().search);
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (!token) {
      setState({ kind: 'error', message: SHARE_MESSAGES.invalid });
      return undefined;
    }
    const abort = new AbortController();
    setState({ kind: 'loading' });
    fetchShared<SharedCamera>(`${SHARE_PATHS.camera}/${encodeURIComponent(token)}`, abort.signal)
      .then((camera) => setState({ kind: 'ready', camera }))
      .catch((e: unknown) => {
        if (!abort.signal.aborted) setState({ kind: 'error', message: e instanceof Error ? e.message : SHARE_MESSAGES.invalid });
      });
    return () => abort.abort();
  }, [token]);

  if (state.kind !== 'ready') {
    return (
      <div className="share-frame" data-state={state.kind}>
        <span className={state.kind === 'error' ? 'share-frame-text is-error' : 'share-frame-text'} role={state.kind === 'error' ? 'alert' : undefined}>
          {state.kind === 'error' ? state.message : '正在打开视频…'}
        </span>
      </div>
    );
  }
  const { camera } = state;
  const url = camera.url;
  return (
    <div className="share-frame" data-state="ready">
      <VideoPlayer cameraId={`share:${token.slice(0, 12)}`} name={`${camera.projectName} · ${camera.deviceName}`} online={camera.online} load={() => Promise.resolve({ url })} />
    </div>
  );
}

// /ifc?token=… (§2.2, docs/share-links.md): a project's BIM model from a share link, full page, no
// session. The token names the project; the server answers its model's name and file and nothing else.
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { SHARE_MESSAGES, SHARE_PATHS, type SharedModel } from '../../../common/share';
import { fetchShared, tokenOf } from '../../lib/share/api';
import { IfcViewer } from './IfcViewer';
import './bim.css';

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; model: SharedModel };

async function fileOf(url: string, signal: AbortSignal): Promise<ArrayBuffer> {
  const res = await fetch(url, { credentials: 'omit', signal });
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('application/json')) {
    const payload = (await res.json().catch(() => null)) as { detail?: unknown } | null;
    throw new Error(typeof payload?.detail === 'string' && payload.detail ? payload.detail : SHARE_MESSAGES.invalid);
  }
  return res.arrayBuffer();
}

export function SharedModelPage() {
  const token = tokenOf(useLocation().search);
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (!token) {
      setState({ kind: 'error', message: SHARE_MESSAGES.invalid });
      return undefined;
    }
    const abort = new AbortController();
    fetchShared<SharedModel>(`${SHARE_PATHS.bim}/${encodeURIComponent(token)}`, abort.signal)
      .then((model) => setState({ kind: 'ready', model }))
      .catch((e: unknown) => {
        if (!abort.signal.aborted) setState({ kind: 'error', message: e instanceof Error ? e.message : SHARE_MESSAGES.invalid });
      });
    return () => abort.abort();
  }, [token]);

  const url = state.kind === 'ready' ? state.model.url : '';
  const load = useCallback((signal: AbortSignal) => fileOf(url, signal), [url]);

  if (state.kind !== 'ready') {
    return (
      <div className="bim-page">
        <div className="bim-viewer" data-state={state.kind === 'error' ? 'error' : 'loading'}>
          <div className="bim-layer">
            <span className={state.kind === 'error' ? 'bim-text is-error' : 'bim-text'} role={state.kind === 'error' ? 'alert' : undefined}>
              {state.kind === 'error' ? state.message : '正在加载BIM模型…'}
            </span>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="bim-page">
      <IfcViewer load={load} title={`${state.model.projectName} · ${state.model.fileName}`} />
    </div>
  );
}

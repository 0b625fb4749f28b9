// The framed panel of the wall display: title bar, optional extra, corner decorations, and the states a
// panel can be in — 加载中 (first load), load failure, 暂无数据 (or why, when the screen knows), and the 数据已过期 badge when the data
// is older than twice its refresh interval.
import type { ReactNode } from 'react';
import './kit.css';

export type PanelProps = {
  title: string;
  extra?: ReactNode;
  /** First load in progress (no data yet). */
  loading?: boolean;
  /** The last request failed and there is no data to show. */
  error?: Error;
  /** Loaded, but nothing to show. */
  empty?: boolean;
  /** Why there is nothing to show, when the screen knows (本项目无隧道); else 暂无数据. */
  emptyText?: string;
  stale?: boolean;
  /** When the panel's data was fetched (ms): `data-updated-at`, read by the wall's diagnostics overlay. */
  updatedAt?: number;
  className?: string;
  children?: ReactNode;
};

const HAS_CHINESE = /[\u4e00-\u9fff]/;

/** The server's Chinese detail when there is one, else a general message. */
export const errorText = (error: Error): string => (HAS_CHINESE.test(error.message) ? error.message : '数据加载失败，稍后自动重试');

export type PanelState = 'loading' | 'error' | 'empty' | 'ready';

/**
 * 'refused' when the server answered with a refusal (HTTP below 500: out of scope, 没有权限…), which a retry or a
 * reload does not change; 'failed' for no answer or a server error (`data-error`, read by the wall's watchdog).
 */
export const errorKind = (error: Error): 'refused' | 'failed' => {
  const status = (error as { httpStatus?: unknown }).httpStatus;
  return typeof status === 'number' && status > 0 && status < 500 ? 'refused' : 'failed';
};

export const panelState = ({ loading, error, empty }: Pick<PanelProps, 'loading' | 'error' | 'empty'>): PanelState =>
  loading ? 'loading' : error ? 'error' : empty ? 'empty' : 'ready';

export function Panel({ title, extra, loading, error, empty, emptyText, stale, updatedAt, className, children }: PanelProps) {
  const state = panelState({ loading, error, empty });
  return (
    <section
      className={`ls-panel${className ? ` ${className}` : ''}`}
      aria-label={title}
      data-state={state}
      data-error={state === 'error' && error ? errorKind(error) : undefined}
      data-updated-at={updatedAt}
      aria-busy={state === 'loading'}
    >
      <span className="ls-panel-corner is-tl" aria-hidden="true" />
      <span className="ls-panel-corner is-tr" aria-hidden="true" />
      <span className="ls-panel-corner is-bl" aria-hidden="true" />
      <span className="ls-panel-corner is-br" aria-hidden="true" />
      <header className="ls-panel-head">
        <h2 className="ls-panel-title">{title}</h2>
        {stale && state === 'ready' && (
          <span className="ls-panel-stale" role="status">
            数据已过期
          </span>
        )}
        {extra && <div className="ls-panel-extra">{extra}</div>}
      </header>
      <div className="ls-panel-body">
        {state === 'loading' && <div className="ls-panel-state">加载中</div>}
        {state === 'error' && error && <div className="ls-panel-state is-error">{errorText(error)}</div>}
        {state === 'empty' && <div className="ls-panel-state">{emptyText ?? '暂无数据'}</div>}
        {state === 'ready' && children}
      </div>
    </section>
  );
}

// One line of alarms running right to left (a CSS animation, no timers), pausing under the pointer.
import type { CSSProperties } from 'react';
import './kit.css';

export type TickerItem = { id: string; level?: string; text: string };

/**
 * `outage`: the screen's data source failed or went stale (stream and API down); the ticker then says
 * 数据连接中断 instead of 暂无报警, as no alarm may be missing from an empty line.
 */
export type AlarmTickerProps = { items: readonly TickerItem[]; label?: string; emptyText?: string; outage?: boolean };

export const OUTAGE_TEXT = '数据连接中断';

/** Seconds for one pass: long lines run at the same reading speed as short ones. */
export const tickerSeconds = (items: readonly TickerItem[]): number =>
  Math.max(20, Math.round(items.reduce((n, i) => n + i.text.length + 4, 0) * 0.3));

export function AlarmTicker({ items, label = '实时报警', emptyText = '暂无报警', outage = false }: AlarmTickerProps) {
  if (outage) {
    return (
      <div className="ls-ticker is-outage" role="marquee" aria-label={label}>
        <span className="ls-ticker-label">{label}</span>
        <span className="ls-ticker-empty" role="alert">
          {OUTAGE_TEXT}
        </span>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="ls-ticker is-empty" role="marquee" aria-label={label}>
        <span className="ls-ticker-label">{label}</span>
        <span className="ls-ticker-empty">{emptyText}</span>
      </div>
    );
  }
  const style = { '--ls-ticker-duration': `${tickerSeconds(items)}s` } as CSSProperties;
  const line = (copy: string) =>
    items.map((item) => (
      <span key={`${copy}${item.id}`} className={`ls-ticker-item is-level-${item.level ?? '3'}`} aria-hidden={copy === 'b' ? true : undefined}>
        {item.text}
      </span>
    ));
  return (
    <div className="ls-ticker" role="marquee" aria-label={label}>
      <span className="ls-ticker-label">{label}</span>
      <div className="ls-ticker-window">
        <div className="ls-ticker-track" style={style}>
          {line('a')}
          {line('b')}
        </div>
      </div>
    </div>
  );
}

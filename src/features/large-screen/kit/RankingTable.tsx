// Top-N ranking with bars: highest first, rows without a value last; values over the threshold warn. Only
// rows that fit wholly are shown (a small wall shows fewer).
import { useRef } from 'react';
import { useWholeRows } from './use-whole-rows';
import './kit.css';

export type RankingRow = { id: string; name: string; value: number | null };

export type RankingTableProps = {
  rows: readonly RankingRow[];
  unit?: string;
  limit?: number;
  /** Values above this are shown as warnings (and the bar scale includes it). */
  threshold?: number;
  label: string;
  selectedId?: string;
  onSelect?: (id: string) => void;
};

export function rankRows(rows: readonly RankingRow[], limit: number): RankingRow[] {
  return [...rows]
    .sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity) || a.name.localeCompare(b.name, 'zh-CN'))
    .slice(0, limit);
}

export function RankingTable({ rows, unit = '', limit = 5, threshold, label, selectedId, onSelect }: RankingTableProps) {
  const top = rankRows(rows, limit);
  const list = useRef<HTMLOListElement>(null);
  useWholeRows(list, top.map((r) => r.id).join());
  const max = Math.max(threshold ?? 0, ...top.map((r) => r.value ?? 0)) || 1;
  return (
    <ol ref={list} className="ls-ranking" aria-label={label}>
      {top.map((r, i) => {
        const over = threshold !== undefined && r.value !== null && r.value > threshold;
        const content = (
          <>
            <span className={`ls-ranking-no${i < 3 ? ' is-top' : ''}`}>{i + 1}</span>
            <span className="ls-ranking-name" title={r.name}>
              {r.name}
            </span>
            <span className={`ls-ranking-value ls-digits${over ? ' is-over' : ''}`}>
              {r.value === null ? '--' : Math.round(r.value * 10) / 10}
              <small>{unit}</small>
            </span>
            <span className="ls-ranking-track" aria-hidden="true">
              <span className={`ls-ranking-bar${over ? ' is-over' : ''}`} style={{ width: `${Math.min(100, ((r.value ?? 0) / max) * 100)}%` }} />
            </span>
          </>
        );
        return (
          <li key={r.id} className={`ls-ranking-row${r.id === selectedId ? ' is-selected' : ''}`}>
            {onSelect ? (
              <button type="button" className="ls-ranking-button" onClick={() => onSelect(r.id)}>
                {content}
              </button>
            ) : (
              <div className="ls-ranking-button">{content}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

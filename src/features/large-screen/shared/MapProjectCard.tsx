// The card of the project chosen on a screen's map: a badge (e.g. its status) and its name, a close
// button, and the screen's figures of the project as terms and values.
import type { ReactNode } from 'react';
import './project-map-panel.css';

export type MapProjectCardProps = {
  name: string;
  onClose: () => void;
  badge?: ReactNode;
  /** The screen's class for the card (its width). */
  className?: string;
  /** `<dt>` / `<dd>` pairs. */
  children: ReactNode;
};

export function MapProjectCard({ name, onClose, badge, className, children }: MapProjectCardProps) {
  return (
    <aside className={className ? `ls-card ${className}` : 'ls-card'} aria-label={`项目：${name}`}>
      <header className="ls-card-head">
        {badge}
        <span className="ls-card-title" title={name}>
          {name}
        </span>
        <button type="button" className="ls-card-close" aria-label="关闭项目信息" onClick={onClose}>
          ×
        </button>
      </header>
      <dl className="ls-card-list">{children}</dl>
    </aside>
  );
}

// The strip of key figures (关键指标) on top of a screen's middle column: its tiles share the width, one
// column each.
import type { ReactNode } from 'react';
import './kit.css';

export type KeyFiguresProps = { label: string; className?: string; children: ReactNode };

export function KeyFigures({ label, className, children }: KeyFiguresProps) {
  return (
    <div className={className ? `ls-strip ${className}` : 'ls-strip'} role="group" aria-label={label}>
      {children}
    </div>
  );
}

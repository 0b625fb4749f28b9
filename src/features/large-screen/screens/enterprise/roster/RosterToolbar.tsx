// The roster's search (name or team, at most 16 characters as the server allows), the 仅看在场 switch
// and the pager. A search applies on 查询 or Enter; clearing it shows everyone again.
import { useState, type FormEvent } from 'react';
import { ROSTER_KEYWORD_MAX } from './model';

export type RosterToolbarProps = {
  keyword: string;
  onSite: boolean;
  index: number;
  pages: number;
  onSearch: (keyword: string) => void;
  onToggleOnSite: () => void;
  onPage: (index: number) => void;
  onTyping: (typing: boolean) => void;
};

export function RosterToolbar({ keyword, onSite, index, pages, onSearch, onToggleOnSite, onPage, onTyping }: RosterToolbarProps) {
  const [text, setText] = useState(keyword);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <div className="ro-toolbar">
      <form className="ro-search" role="search" aria-label="搜索花名册" onSubmit={submit}>
        <input
          type="search"
          value={text}
          maxLength={ROSTER_KEYWORD_MAX}
          placeholder="姓名或班组"
          aria-label="姓名或班组"
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value === '' && keyword !== '') onSearch('');
          }}
          onFocus={() => onTyping(true)}
          onBlur={() => onTyping(false)}
        />
        <button type="submit">查询</button>
      </form>
      <button type="button" className={`ro-toggle${onSite ? ' is-on' : ''}`} aria-pressed={onSite} onClick={onToggleOnSite}>
        仅看在场
      </button>
      <nav className="ro-pager" aria-label="翻页">
        <button type="button" disabled={index <= 0} onClick={() => onPage(index - 1)}>
          上一页
        </button>
        <span className="ls-digits" aria-live="polite">
          第 {index + 1} / {pages} 页
        </span>
        <button type="button" disabled={index >= pages - 1} onClick={() => onPage(index + 1)}>
          下一页
        </button>
      </nav>
    </div>
  );
}

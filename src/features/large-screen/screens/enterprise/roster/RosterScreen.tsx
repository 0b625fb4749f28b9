// 企业数据大屏 › 花名册 (/LargeScreen/EnterpriseScreen/roster; a signed-in route, §2.4 and §6): the
// workers on the roster today, a page at a time, with today's attendance and presence. The pages turn by
// themselves on the wall; the search, the 仅看在场 switch and the pager narrow or move it by hand. The
// page and the figures refetch when the server's Roster stream announces a change (docs/large-screens.md).
import { useEffect, useState } from 'react';
import { ScreenDataProvider } from '../../../data/ScreenDataProvider';
import { Panel } from '../../../kit/Panel';
import type { ScreenBodyProps } from '../../../screen-body';
import { useRosterCounts, useRosterPage } from './api';
import { pageCount, ROSTER_PAGE_SIZE, type RosterFilter } from './model';
import { RosterSummary } from './RosterSummary';
import { RosterTable } from './RosterTable';
import { RosterToolbar } from './RosterToolbar';
import { useAutoPage } from './use-auto-page';
import { useKeptData } from '../../../data/use-kept-data';
import './roster.css';

function RosterBoard({ projectId }: { projectId: string | undefined }) {
  const [filter, setFilter] = useState<RosterFilter>({ index: 0, keyword: '', onSite: false });
  const [hovered, setHovered] = useState(false);
  const [typing, setTyping] = useState(false);
  const source = useRosterPage(projectId, filter);
  const counts = useRosterCounts(projectId);
  const page = useKeptData(source.data);
  const pages = pageCount(page?.pageInfo);
  const go = (index: number) => setFilter((f) => ({ ...f, index }));
  useAutoPage(filter.index, pages, hovered || typing, go);

  // The roster shrank under the current page: back to the first one.
  const beyond = source.data !== undefined && source.data.rows.length === 0 && filter.index > 0;
  useEffect(() => {
    if (beyond) setFilter((f) => ({ ...f, index: 0 }));
  }, [beyond]);

  const found = page?.pageInfo.record_count;
  const failed = source.data === undefined && !source.loading ? source.error : undefined;
  return (
    <div className="ro-board" data-loaded={page ? 'true' : 'false'}>
      <RosterSummary counts={counts.data} found={found} />
      <div className="ro-main" onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
        <Panel
          title="花名册"
          className="ro-panel"
          loading={page === undefined && source.loading}
          error={failed}
          empty={page !== undefined && page.rows.length === 0}
          stale={source.stale}
          extra={
            <RosterToolbar
              keyword={filter.keyword}
              onSite={filter.onSite}
              index={filter.index}
              pages={pages}
              onSearch={(keyword) => setFilter((f) => ({ ...f, keyword, index: 0 }))}
              onToggleOnSite={() => setFilter((f) => ({ ...f, onSite: !f.onSite, index: 0 }))}
              onPage={go}
              onTyping={setTyping}
            />
          }
        >
          {page && <RosterTable rows={page.rows} firstNo={page.pageInfo.p_index * ROSTER_PAGE_SIZE + 1} />}
        </Panel>
      </div>
    </div>
  );
}

export function RosterScreen({ query }: ScreenBodyProps) {
  return (
    <ScreenDataProvider>
      <RosterBoard key={query.pjctid1 ?? ''} projectId={query.pjctid1} />
    </ScreenDataProvider>
  );
}

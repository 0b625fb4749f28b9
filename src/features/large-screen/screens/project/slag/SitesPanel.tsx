// 消纳场: each disposal site with its fill level (已消纳 / 设计库容), state and today's trips.
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { SpoilSiteItem } from '../../../../../../common/screens/spoil';

const fill = (s: SpoilSiteItem) => (s.capacity > 0 ? Math.min(100, Math.round((s.usedVolume / s.capacity) * 100)) : 0);

export function SitesPanel({ sites, frame }: { sites: SpoilSiteItem[] | undefined; frame: SourceFrame }) {
  return (
    <Panel title="消纳场" {...frame} empty={!sites || sites.length === 0}>
      <ul className="sp-sites" aria-label="消纳场库容">
        {(sites ?? []).slice(0, 5).map((s) => (
          <li key={s.id}>
            <span className="sp-site-name" title={`${s.siteName}（${s.projectName}）`}>{s.siteName}</span>
            <span className={`sp-site-state is-${s.status}`}>{s.statusName}</span>
            <span className="sp-site-track" aria-hidden="true">
              <span style={{ width: `${fill(s)}%` }} className={fill(s) >= 90 ? 'is-full' : undefined} />
            </span>
            <span className="sp-site-figure ls-digits">
              {fill(s)}% · 今日 {s.tripsToday} 趟
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

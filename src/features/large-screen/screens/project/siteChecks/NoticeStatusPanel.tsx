// 整改闭环: the 检查整改 notices of one category by state, with the close rate.
import { useMemo } from 'react';
import { RingChart } from '../../../kit/charts/RingChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { CheckNoticeStats } from '../../../../../../common/screens/site-checks';

const COLORS: Readonly<Record<string, string>> = { '1': '#ff9f40', '2': '#1ec8ff', '3': '#22e3a5', '4': '#ff4d6d' };

export function NoticeStatusPanel({ title, notices, frame }: { title: string; notices: CheckNoticeStats | undefined; frame: SourceFrame }) {
  const data = useMemo(() => (notices?.byStatus ?? []).map((s) => ({ name: s.name, value: s.count, color: COLORS[s.code] })), [notices]);
  return (
    <Panel title={title} {...frame} empty={!notices || notices.total === 0} extra={notices && <span>闭环率 {notices.closeRate}%</span>}>
      <RingChart data={data} unit="份" label={title} centerLabel="通知" />
    </Panel>
  );
}

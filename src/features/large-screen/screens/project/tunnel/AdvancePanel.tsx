// 近14日进尺: the daily advance of every face, stacked, over the last 14 days (a day without a record has no bar).
// The 合计 figure only with data: not 0m while loading or for a project without a tunnel (issue 29).
import { useMemo } from 'react';
import { chinaFormat } from '../../../../../lib/time/china-time';
import { Panel } from '../../../kit/Panel';
import { BarChart } from '../../../kit/charts/BarChart';
import type { SourceFrame } from '../../../kit/frame';
import type { Tunnel } from '../../../../../../common/screens/tunnel';

export function AdvancePanel({ advance, frame }: { advance: Tunnel['advance'] | undefined; frame: SourceFrame }) {
  const categories = useMemo(() => (advance?.days ?? []).map((d) => chinaFormat(d, 'MM-DD')), [advance?.days]);
  const series = useMemo(() => (advance?.series ?? []).map((s) => ({ name: s.name, data: s.values, stack: 'advance' })), [advance?.series]);
  const shown = advance !== undefined && advance.series.length > 0;
  const total = (advance?.series ?? []).reduce((sum, s) => sum + s.values.reduce<number>((a, v) => a + (v ?? 0), 0), 0);
  return (
    <Panel title="近14日进尺" {...frame} empty={!shown} extra={shown && <span className="ls-digits">合计 {Math.round(total * 10) / 10}m</span>}>
      <BarChart categories={categories} series={series} unit="m" label="近14日各工作面进尺" />
    </Panel>
  );
}

// The AI recognition screen's panels: today's events by type, events per camera, the snapshot gallery of the
// newest events, the 24-hour and 7-day trends (with the handled ones).
import { useMemo } from 'react';
import { chinaFormat } from '../../../../../lib/time/china-time';
import type { AiCamera, AiEventItem, AiRecognition } from '../../../../../../common/screens/ai-recognition';
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import { RankingTable } from '../../../kit/RankingTable';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import { BarChart } from '../../../kit/charts/BarChart';
import { LineChart } from '../../../kit/charts/LineChart';
import { RingChart } from '../../../kit/charts/RingChart';
import type { SourceFrame } from '../../../kit/frame';

type Props = { data: AiRecognition | undefined; frame: SourceFrame };

export function AiKpiStrip({ data }: { data: AiRecognition | undefined }) {
  const s = data?.summary;
  return (
    <KeyFigures label="关键指标">
      <KpiTile label="今日识别" value={s?.today} unit="次" tone="cyan" />
      <KpiTile label="今日未处理" value={s?.unhandledToday} unit="次" tone={s && s.unhandledToday > 0 ? 'red' : 'green'} />
      <KpiTile label="近7日识别" value={s?.week} unit="次" tone="blue" />
      <KpiTile label="处理率" value={s?.handledRate} unit="%" decimals={1} tone="green" />
      <KpiTile label="AI摄像机" value={s?.cameras} unit="台" tone="blue" />
      <KpiTile label="在线" value={s?.online} unit="台" tone="cyan" />
    </KeyFigures>
  );
}

export function TypeTodayPanel({ data, frame }: Props) {
  const ring = useMemo(() => (data?.byType ?? []).filter((t) => t.count > 0).map((t) => ({ name: t.name, value: t.count })), [data?.byType]);
  return (
    <Panel title="今日事件类型" {...frame} empty={!data || data.summary.cameras === 0}>
      {ring.length > 0 ? <RingChart data={ring} centerLabel="今日识别" unit="次" label="今日AI识别事件类型" /> : <div className="ai-calm">今日暂无识别事件</div>}
    </Panel>
  );
}

export function TypeRankPanel({ data, frame }: Props) {
  const rows = (data?.byType ?? []).map((t) => ({ id: t.code, name: t.name, value: t.count }));
  return (
    <Panel title="事件类型排行" {...frame} empty={!data || data.summary.cameras === 0}>
      <RankingTable rows={rows} unit="次" label="今日各类事件次数" />
    </Panel>
  );
}

const CAMERA_COLUMNS: readonly ScrollColumn<AiCamera>[] = [
  { key: 'name', title: '摄像机', width: 'minmax(0, 1.3fr)', render: (c) => <span title={`${c.projectName} ${c.installPosition}`}>{c.deviceName}</span> },
  { key: 'today', title: '今日', width: '3em', align: 'center', render: (c) => <span className="ls-digits">{c.today}</span> },
  { key: 'week', title: '近7日', width: '3.4em', align: 'center', render: (c) => <span className="ls-digits">{c.week}</span> },
  { key: 'state', title: '状态', width: '3em', align: 'center', render: (c) => <span className={c.online ? 'ai-online' : 'ai-offline'}>{c.online ? '在线' : '离线'}</span> },
];

export function CameraPanel({ data, frame }: Props) {
  return (
    <Panel title="摄像机识别统计" {...frame} empty={!data || data.cameras.length === 0}>
      <ScrollTable columns={CAMERA_COLUMNS} rows={data?.cameras ?? []} rowKey={(c) => c.deviceCode} label="各AI摄像机识别次数" visibleRows={6} />
    </Panel>
  );
}

function Snapshot({ item }: { item: AiEventItem }) {
  return (
    <figure className={`ai-shot${item.handled ? '' : ' is-open'}`} aria-label={`${item.typeName} ${item.deviceName}`}>
      {item.snapshot ? <img src={item.snapshot} alt={`${item.typeName}抓拍`} loading="lazy" /> : <div className="ai-shot-none">无抓拍</div>}
      <figcaption>
        <span className="ai-shot-type">{item.typeName}</span>
        <span className="ls-digits">{chinaFormat(item.time, 'MM-DD HH:mm')}</span>
        <span className="ai-shot-camera" title={`${item.projectName} ${item.installPosition}`}>
          {item.deviceName || item.deviceCode}
        </span>
        <span className={item.handled ? 'ai-online' : 'ai-offline'}>{item.handled ? '已处理' : '未处理'}</span>
      </figcaption>
    </figure>
  );
}

export function GalleryPanel({ data, frame }: Props) {
  const shots = (data?.latest ?? []).slice(0, 8);
  return (
    <Panel title="最新抓拍" {...frame} empty={!data || data.latest.length === 0}>
      <div className="ai-gallery">
        {shots.map((item) => (
          <Snapshot key={item.id} item={item} />
        ))}
      </div>
    </Panel>
  );
}

export function HourlyPanel({ data, frame }: Props) {
  const categories = useMemo(() => (data?.hourly ?? []).map((h) => chinaFormat(h.hour, 'HH:00')), [data?.hourly]);
  const series = useMemo(() => [{ name: '识别次数', data: (data?.hourly ?? []).map((h) => h.count), area: true }], [data?.hourly]);
  return (
    <Panel title="24小时识别趋势" {...frame} empty={!data || data.summary.cameras === 0}>
      <LineChart categories={categories} series={series} units={['次']} label="近24小时每小时AI识别次数" />
    </Panel>
  );
}

export function DailyPanel({ data, frame }: Props) {
  const categories = useMemo(() => (data?.daily ?? []).map((d) => chinaFormat(d.date, 'MM-DD')), [data?.daily]);
  const series = useMemo(
    () => [
      { name: '识别', data: (data?.daily ?? []).map((d) => d.count) },
      { name: '已处理', data: (data?.daily ?? []).map((d) => d.handled), color: '#22e3a5' },
    ],
    [data?.daily],
  );
  return (
    <Panel title="近7日处置情况" {...frame} empty={!data || data.summary.cameras === 0} extra={data && <span className="ls-digits">处理率 {data.summary.handledRate}%</span>}>
      <BarChart categories={categories} series={series} unit="次" label="近7日AI识别与处理" />
    </Panel>
  );
}

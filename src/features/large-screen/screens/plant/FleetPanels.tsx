// Tankers and deliveries: the plant and its tankers on the map, tanker states, the newest trips (台账)
// and this month's volume per customer.
import { useMemo } from 'react';
import type { ConcretePlant, PlantCustomerMonth, PlantTripItem } from '../../../../../common/screens/concrete-plant';
import { RingChart } from '../../kit/charts/RingChart';
import type { SourceFrame } from '../../kit/frame';
import { Panel } from '../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../kit/ScrollTable';
import { ProjectMap, VEHICLE_MARKER_STATES } from '../../map';
import { m3, shortTime, tankerCounts, tankerMarkers } from './model';

type Props = { data: ConcretePlant | undefined; frame: SourceFrame };

export function TankerMapPanel({ data, frame }: Props) {
  const markers = useMemo(() => tankerMarkers(data), [data]);
  const out = data?.summary.carsOut ?? 0;
  return (
    <Panel title="罐车分布" className="ls-map-panel" {...frame} empty={markers.length === 0} extra={data && <span>出车 {out} / {data.summary.cars} 辆</span>}>
      <div className="ls-map-box pl-map" data-markers={markers.length}>
        <ProjectMap className="ls-map-fill" markers={markers} center={data?.plantPosition ?? undefined} zoom={12} legend={VEHICLE_MARKER_STATES} />
      </div>
    </Panel>
  );
}

export function TankerStatePanel({ data, frame }: Props) {
  const counts = useMemo(() => tankerCounts(data?.tankers), [data]);
  return (
    <Panel title="罐车状态" {...frame} empty={!data || data.tankers.length === 0}>
      <RingChart data={counts} unit="辆" label="罐车状态分布" centerLabel="罐车" />
    </Panel>
  );
}

const TRIP_COLUMNS: readonly ScrollColumn<PlantTripItem>[] = [
  { key: 'time', title: '出站', width: '5.6em', render: (t) => shortTime(t.leftAt) },
  { key: 'plate', title: '车牌', width: '5.6em', render: (t) => <span className="pl-plate">{t.plateNo}</span> },
  { key: 'site', title: '客户工地', width: 'minmax(0, 1.5fr)', render: (t) => <span title={`${t.customerName} ${t.siteName}`}>{t.siteName || t.customerName}</span> },
  { key: 'grade', title: '等级', width: '3em', align: 'center', render: (t) => t.strengthGrade },
  { key: 'vol', title: '方量', width: '3.2em', align: 'right', render: (t) => m3(t.volume) },
  { key: 'got', title: '签收', width: '3.2em', align: 'right', render: (t) => m3(t.receivedVolume) },
  { key: 'status', title: '状态', width: '3.6em', align: 'center', render: (t) => <span className={t.status === '3' ? 'pl-good' : t.status === '4' ? 'pl-bad' : 'pl-warn'}>{t.statusName}</span> },
];

export function TripsPanel({ data, frame, title = '发货台账' }: Props & { title?: string }) {
  const trips = data?.trips ?? [];
  return (
    <Panel title={title} {...frame} empty={trips.length === 0}>
      <ScrollTable columns={TRIP_COLUMNS} rows={trips} rowKey={(t) => t.id} label="最新发货单" visibleRows={8} rowClassName={(t) => (t.status === '4' ? 'pl-alarm' : undefined)} />
    </Panel>
  );
}

const CUSTOMER_COLUMNS: readonly ScrollColumn<PlantCustomerMonth>[] = [
  { key: 'name', title: '客户', width: 'minmax(0, 1.6fr)', render: (c) => <span title={c.customerName}>{c.customerName}</span> },
  { key: 'trips', title: '车次', width: '3.4em', align: 'right', render: (c) => c.trips },
  { key: 'vol', title: '方量', width: '4.4em', align: 'right', render: (c) => m3(c.volume) },
  { key: 'amount', title: '金额(元)', width: '6em', align: 'right', render: (c) => c.amount.toLocaleString('zh-CN') },
];

export function CustomerMonthPanel({ data, frame }: Props) {
  const rows = data?.customersMonth ?? [];
  const total = rows.reduce((s, c) => s + c.volume, 0);
  return (
    <Panel title="本月客户对账" {...frame} empty={rows.length === 0} extra={<span>合计 {m3(total)} 方</span>}>
      <ScrollTable columns={CUSTOMER_COLUMNS} rows={rows} rowKey={(c) => c.customerName} label="本月各客户签收方量与金额" visibleRows={6} />
    </Panel>
  );
}

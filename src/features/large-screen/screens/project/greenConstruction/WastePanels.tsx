// The solid-waste panels of 绿色施工: 近30日产生与转移 (per day, 吨), 固废类别构成 (per kind), 贮存点现存量
// 处置去向 (disposed by method) and 转移联单 (the newest manifests with their state; a flagged receipt difference in red).
import { useMemo } from 'react';
import { chinaFormat } from '../../../../../lib/time/china-time';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { RingChart } from '../../../kit/charts/RingChart';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { DisposalMethodRow, ManifestItem, StorageStock, WasteDay, WasteKindRow } from '../../../../../../common/screens/green-construction';

export function WasteDailyPanel({ daily, frame }: { daily: WasteDay[] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const days = daily ?? [];
    const series: BarSeries[] = [
      { name: '产生', data: days.map((d) => d.generated), color: '#ffc53d' },
      { name: '转移', data: days.map((d) => d.transferred), color: '#1ec8ff' },
    ];
    return { categories: days.map((d) => chinaFormat(d.date, 'MM-DD')), series, hasData: days.some((d) => d.generated > 0 || d.transferred > 0) };
  }, [daily]);
  return (
    <Panel title="近30日固废产生与转移" {...frame} empty={!chart.hasData}>
      <BarChart categories={chart.categories} series={chart.series} unit="吨" label="近30日每日固废产生量与转移量" />
    </Panel>
  );
}

export function WasteKindPanel({ kinds, frame }: { kinds: WasteKindRow[] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const rows = kinds ?? [];
    const series: BarSeries[] = [
      { name: '产生', data: rows.map((k) => k.generated), color: '#ffc53d' },
      { name: '转移', data: rows.map((k) => k.transferred), color: '#1ec8ff' },
    ];
    return { categories: rows.map((k) => k.name), series };
  }, [kinds]);
  return (
    <Panel title="固废类别构成（近30日）" {...frame} empty={!kinds || kinds.length === 0}>
      <BarChart categories={chart.categories} series={chart.series} unit="吨" horizontal label="近30日各类固废产生量与转移量" />
    </Panel>
  );
}

const STORAGE_COLUMNS: readonly ScrollColumn<StorageStock>[] = [
  { key: 'name', title: '贮存点', width: 'minmax(0, 1.6fr)', render: (s) => <span title={s.projectName}>{s.name}</span> },
  { key: 'kind', title: '类别', width: 'minmax(0, 1.2fr)', render: (s) => <span title={s.kindName}>{s.kindName}</span> },
  {
    key: 'stock',
    title: '现存/容量',
    width: '7em',
    align: 'right',
    render: (s) => (
      <span className={s.capacity !== null && s.stock > s.capacity * 0.8 ? 'gc-over' : ''}>
        {s.stock}
        {s.capacity !== null ? `/${s.capacity}` : ''}
        {s.unitName}
      </span>
    ),
  },
];

export function StoragePanel({ storages, frame }: { storages: StorageStock[] | undefined; frame: SourceFrame }) {
  return (
    <Panel title="贮存点现存量" {...frame} empty={!storages || storages.length === 0}>
      <ScrollTable columns={STORAGE_COLUMNS} rows={storages ?? []} rowKey={(s) => s.id} label="固废贮存点现存量" visibleRows={5} />
    </Panel>
  );
}

const MANIFEST_COLUMNS: readonly ScrollColumn<ManifestItem>[] = [
  { key: 'no', title: '联单编号', width: '9.5em', render: (m) => <span className="ls-digits" title={m.projectName}>{m.manifestNo}</span> },
  { key: 'kind', title: '类别', width: 'minmax(0, 1fr)', render: (m) => <span title={m.kindName}>{m.kindName}</span> },
  {
    key: 'qty',
    title: '数量',
    width: '6.5em',
    align: 'right',
    render: (m) => (
      <span className={m.diffFlagged ? 'gc-over' : ''} title={m.receivedQuantity !== null ? `接收 ${m.receivedQuantity}${m.unitName}` : undefined}>
        {m.quantity}
        {m.unitName}
      </span>
    ),
  },
  { key: 'plate', title: '车牌', width: '5.6em', align: 'center', render: (m) => m.plateNo },
  { key: 'receiver', title: '接收单位', width: 'minmax(0, 1.6fr)', render: (m) => <span title={m.receiver}>{m.receiver}</span> },
  { key: 'state', title: '状态', width: '4.4em', align: 'center', render: (m) => <span className={`gc-state is-${m.status}`}>{m.statusName}</span> },
];

export function ManifestPanel({ manifests, open, frame }: { manifests: ManifestItem[] | undefined; open: number | undefined; frame: SourceFrame }) {
  return (
    <Panel title="转移联单" {...frame} empty={!manifests} extra={open !== undefined && <span>待转移及运输中 {open} 份</span>}>
      {manifests && manifests.length > 0 ? (
        <ScrollTable columns={MANIFEST_COLUMNS} rows={manifests} rowKey={(m) => m.id} label="最新固废转移联单" visibleRows={6} />
      ) : (
        <div className="gc-calm">暂无转移联单</div>
      )}
    </Panel>
  );
}

const METHOD_COLORS = ['#22e3a5', '#1ec8ff', '#ffc53d', '#ff6b81', '#b37feb', '#5fe0ff'];

export function DisposalMethodPanel({ methods, recycleRate, frame }: { methods: DisposalMethodRow[] | undefined; recycleRate: number | undefined; frame: SourceFrame }) {
  const data = useMemo(() => (methods ?? []).map((m, i) => ({ name: m.name, value: m.quantity, color: METHOD_COLORS[i % METHOD_COLORS.length] })), [methods]);
  return (
    <Panel title="处置去向（近30日）" {...frame} empty={!methods || methods.length === 0} extra={recycleRate !== undefined && <span>资源化率 {recycleRate}%</span>}>
      <RingChart data={data} unit="吨" label="近30日固废处置方式构成" centerLabel="处置量" />
    </Panel>
  );
}

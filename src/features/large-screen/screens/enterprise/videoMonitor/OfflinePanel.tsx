// 离线设备: the cameras that are offline, with where they hang and when they were last heard from.
import { chinaParse, chinaTime } from '../../../../../lib/time/china-time';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { WallCamera } from './model';

/** This year's moments as MM-DD HH:mm, older ones as their date (China time). */
export const lastSeen = (at: string | null, now: number = Date.now()): string => {
  if (!at) return '从未上线';
  const d = chinaParse(at);
  if (!d) return at;
  return d.year() === chinaTime(now).year() ? d.format('MM-DD HH:mm') : d.format('YYYY-MM-DD');
};

const COLUMNS: readonly ScrollColumn<WallCamera>[] = [
  { key: 'project', title: '项目', width: 'minmax(0, 1.5fr)', render: (c) => <span title={c.projectName}>{c.projectName}</span> },
  { key: 'camera', title: '摄像头', width: 'minmax(0, 1fr)', render: (c) => <span title={`${c.deviceName} ${c.installPosition}`}>{c.deviceName}</span> },
  { key: 'seen', title: '最后在线', width: '6.2em', align: 'right', render: (c) => lastSeen(c.lastSeenAt) },
];

export function OfflinePanel({ cameras, frame }: { cameras: WallCamera[] | undefined; frame: SourceFrame }) {
  const offline = (cameras ?? []).filter((c) => !c.online);
  return (
    <Panel title="离线设备" {...frame} empty={!cameras || cameras.length === 0} extra={cameras && <span>{offline.length} 路离线</span>}>
      {offline.length === 0 ? (
        <div className="vm-all-online">全部摄像头在线</div>
      ) : (
        <ScrollTable columns={COLUMNS} rows={offline} rowKey={(c) => c.id} label="离线摄像头" visibleRows={5} />
      )}
    </Panel>
  );
}

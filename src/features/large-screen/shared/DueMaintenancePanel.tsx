// 到期保养 (设备管理, 特种设备): the open 保养任务 counted by due state — 已逾期, 即将到期, 未到期 — and the
// soonest ones scrolling, overdue rows marked with the days they are late.
import { KpiTile } from '../kit/KpiTile';
import { Panel } from '../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../kit/ScrollTable';
import type { SourceFrame } from '../kit/frame';
import type { DueMaintenance, DueTask } from '../../../../common/screens/device-count';
import './due-maintenance.css';

const STATE_TEXT: Record<DueTask['dueState'], string> = { overdue: '已逾期', due: '即将到期', notDue: '未到期' };

/** 逾期N天, 今天到期, N天后 — what the due column says. */
export const dueText = (t: Pick<DueTask, 'daysLeft'>): string => (t.daysLeft < 0 ? `逾期${-t.daysLeft}天` : t.daysLeft === 0 ? '今天到期' : `${t.daysLeft}天后`);

const columns = (showProject: boolean): ScrollColumn<DueTask>[] => [
  ...(showProject ? [{ key: 'project', title: '项目', width: 'minmax(0, 1.2fr)', render: (t: DueTask) => <span title={t.projectName}>{t.projectName}</span> }] : []),
  { key: 'device', title: '设备', width: 'minmax(0, 1.1fr)', render: (t) => <span title={t.planName}>{t.deviceName}</span> },
  { key: 'date', title: '到期日', width: '5.2em', render: (t) => <span className="ls-digits">{t.dueDate.slice(5)}</span> },
  { key: 'state', title: '状态', width: '5.4em', align: 'center', render: (t) => <span className={`dm-state is-${t.dueState}`} title={STATE_TEXT[t.dueState]}>{dueText(t)}</span> },
];

export type DueMaintenancePanelProps = { maintenance: DueMaintenance | undefined; frame: SourceFrame; title?: string; showProject?: boolean };

export function DueMaintenancePanel({ maintenance, frame, title = '到期保养', showProject = true }: DueMaintenancePanelProps) {
  return (
    <Panel title={title} {...frame} empty={!maintenance} extra={maintenance && <span>近30天完成 {maintenance.done30d} 次</span>}>
      {maintenance && (
        <div className="dm-body">
          <div className="dm-counts" role="group" aria-label="保养任务状态">
            <KpiTile label="已逾期" value={maintenance.overdue} unit="项" tone="red" />
            <KpiTile label="即将到期" value={maintenance.due} unit="项" tone="amber" />
            <KpiTile label="未到期" value={maintenance.notDue} unit="项" tone="green" />
          </div>
          {maintenance.tasks.length > 0 ? (
            <ScrollTable columns={columns(showProject)} rows={maintenance.tasks} rowKey={(t) => t.id} label="待保养任务" visibleRows={4}
              rowClassName={(t) => (t.dueState === 'overdue' ? 'dm-row-overdue' : undefined)} />
          ) : (
            <div className="dm-calm">保养任务均已完成</div>
          )}
        </div>
      )}
    </Panel>
  );
}

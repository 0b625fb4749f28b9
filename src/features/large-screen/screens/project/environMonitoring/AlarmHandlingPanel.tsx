// 告警处理: the environment alarms of the last 7 days with how far their handling got (未处理 / 处理中 /
// 已处理) and who handled them; the counts per state in the title bar.
import { chinaFormat } from '../../../../../lib/time/china-time';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { EnvAlarm } from '../../../../../../common/screens/environ-monitoring';
import type { NamedCount } from '../../../../../../common/screens/basics';

const COLUMNS: readonly ScrollColumn<EnvAlarm>[] = [
  { key: 'time', title: '时间', width: '5.6em', render: (a) => <span className="ls-digits">{chinaFormat(a.time, 'MM-DD HH:mm')}</span> },
  { key: 'kind', title: '类型', width: 'minmax(0, 1fr)', render: (a) => <span title={`${a.projectName}：${a.message}`}>{a.kindName}</span> },
  { key: 'state', title: '状态', width: '4em', align: 'center', render: (a) => <span className={`em-state is-${a.handleStatus}`}>{a.handleStatusName}</span> },
  { key: 'handler', title: '处理人', width: '4em', align: 'center', render: (a) => a.handler || '—' },
];

export function AlarmHandlingPanel({ alarms, handling, frame }: { alarms: EnvAlarm[] | undefined; handling: NamedCount[] | undefined; frame: SourceFrame }) {
  return (
    <Panel
      title="告警处理"
      {...frame}
      empty={!alarms}
      extra={handling && <span className="em-handling">{handling.map((h) => `${h.name} ${h.count}`).join('　')}</span>}
    >
      {alarms && alarms.length > 0 ? (
        <ScrollTable columns={COLUMNS} rows={alarms} rowKey={(a) => a.id} label="近7日环境告警及处理状态" visibleRows={6} />
      ) : (
        <div className="em-calm">近7日无环境告警</div>
      )}
    </Panel>
  );
}

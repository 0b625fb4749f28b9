// 预警来源: the project's open warnings per source (设备报警, 环境超标, AI识别, 设备离线, 隐患超期, 证书到期, 其他),
// zeros included, as tiles.
import { KpiTile, type KpiTone } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { NamedCount } from '../../../../../../common/screens/basics';

const TONE: Record<string, KpiTone> = {
  device: 'red',
  environment: 'amber',
  ai: 'cyan',
  offline: 'grey',
  hazard: 'amber',
  certificate: 'blue',
  other: 'grey',
};
const UNIT: Record<string, string> = { offline: '台', hazard: '项', certificate: '本' };

export function SourcePanel({ sources, frame }: { sources: NamedCount[] | undefined; frame: SourceFrame }) {
  const total = (sources ?? []).reduce((n, s) => n + s.count, 0);
  return (
    <Panel title="预警来源" {...frame} empty={!sources || sources.length === 0} extra={sources && <span>共 {total} 条</span>}>
      <div className="pw-source-grid">
        {sources?.map((s) => <KpiTile key={s.code} label={s.name} value={s.count} unit={UNIT[s.code] ?? '条'} tone={s.count > 0 ? TONE[s.code] : 'green'} />)}
      </div>
    </Panel>
  );
}

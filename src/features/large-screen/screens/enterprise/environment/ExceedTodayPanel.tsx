// 今日超标统计: today's readings over their limits (PM2.5, PM10, noise by day or night) and today's
// alarms of the dust and noise monitors by kind.
import { KpiTile } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { Environment } from '../../../../../../common/screens/environment';

export function ExceedTodayPanel({ data, frame }: { data: Environment | undefined; frame: SourceFrame }) {
  const exceed = data?.exceedToday;
  const alarms = data?.alarmsToday ?? [];
  return (
    <Panel title="今日超标统计" {...frame} empty={!exceed} extra={exceed && <span>今日监测 {exceed.readings} 次</span>}>
      {exceed && (
        <>
          <div className="env-exceed">
            <KpiTile label="PM2.5超标" value={exceed.pm25} unit="次" tone={exceed.pm25 > 0 ? 'red' : 'green'} />
            <KpiTile label="PM10超标" value={exceed.pm10} unit="次" tone={exceed.pm10 > 0 ? 'red' : 'green'} />
            <KpiTile label="噪声超标" value={exceed.noise} unit="次" tone={exceed.noise > 0 ? 'red' : 'green'} />
          </div>
          {/* A list only with alarms in it (an empty list is an ARIA fault, axe-core: aria-required-children). */}
          <div className="env-alarms" role={alarms.length > 0 ? 'list' : 'group'} aria-label="今日报警">
            <span className="env-alarms-title">今日报警</span>
            {alarms.length === 0 ? (
              <span className="env-calm">今日无环境报警</span>
            ) : (
              alarms.map((a) => (
                <span key={a.code} role="listitem" className="env-alarm-chip">
                  {a.name}
                  <b className="ls-digits">{a.count}</b>条
                </span>
              ))
            )}
          </div>
        </>
      )}
    </Panel>
  );
}

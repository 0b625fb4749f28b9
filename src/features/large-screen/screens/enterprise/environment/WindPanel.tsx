// 风向风速: one project at a time — its wind direction on a compass, wind speed and level against the
// limit, temperature and humidity. The panel moves through the projects (10 s × refresh factor), holds
// under the pointer, and its arrows step by hand.
import { chinaFormat } from '../../../../../lib/time/china-time';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { Rotation } from '../../../kit/use-rotation';
import type { EnvProjectReading } from '../../../../../../common/screens/environment';
import { windDirectionName, windLevel } from './model';
import { WindCompass } from './WindCompass';

export type WindPanelProps = {
  readings: EnvProjectReading[] | undefined;
  windLimit: number | undefined;
  rotation: Rotation;
  frame: SourceFrame;
};

const value = (v: number | null, unit: string): string => (v === null ? '--' : `${v}${unit}`);

export function WindPanel({ readings, windLimit, rotation, frame }: WindPanelProps) {
  const list = readings ?? [];
  const index = list.findIndex((r) => r.projectId === rotation.current);
  const reading = index >= 0 ? list[index] : undefined;
  const stepper = list.length > 1 && (
    <div className="env-stepper">
      <button type="button" aria-label="上一个项目" onClick={() => rotation.step(-1)}>
        ‹
      </button>
      <span className="ls-digits">
        {index + 1} / {list.length}
      </span>
      <button type="button" aria-label="下一个项目" onClick={() => rotation.step(1)}>
        ›
      </button>
    </div>
  );
  const speed = reading?.windSpeed ?? null;
  const strong = speed !== null && windLimit !== undefined && speed > windLimit;
  return (
    <Panel title="风向风速" {...frame} empty={!reading} extra={stepper}>
      {reading && (
        <div className="env-wind" onMouseEnter={() => rotation.setPaused(true)} onMouseLeave={() => rotation.setPaused(false)}>
          <div className="env-wind-project" title={reading.projectName}>
            {reading.projectName}
          </div>
          <div className="env-wind-body">
            <div className="env-wind-dial">
              {reading.windDirection === null ? (
                <div className="env-calm">暂无风向</div>
              ) : (
                <WindCompass direction={reading.windDirection} label={`${reading.projectName}风向`} />
              )}
            </div>
            <dl className="env-wind-list">
              <dt>风向</dt>
              <dd>{reading.windDirection === null ? '--' : `${windDirectionName(reading.windDirection)} ${reading.windDirection}°`}</dd>
              <dt>风速</dt>
              <dd className={strong ? 'env-over' : undefined}>
                {value(speed, ' m/s')}
                {speed !== null && <small> {windLevel(speed)}级</small>}
              </dd>
              <dt>温度</dt>
              <dd>{value(reading.temperature, ' ℃')}</dd>
              <dt>湿度</dt>
              <dd>{value(reading.humidity, ' %')}</dd>
              <dt>监测时间</dt>
              <dd>{chinaFormat(reading.time, 'HH:mm:ss')}</dd>
            </dl>
          </div>
        </div>
      )}
    </Panel>
  );
}

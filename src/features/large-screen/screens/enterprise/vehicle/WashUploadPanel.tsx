// 冲洗与上传: the wash rate of today's exits as a gauge, and today's plate uploads by status.
import { GaugeChart } from '../../../kit/charts/GaugeChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { Vehicle } from '../../../../../../common/screens/vehicle';
import { UPLOAD_COLORS, washRate } from './model';

export function WashUploadPanel({ data, frame }: { data: Vehicle | undefined; frame: SourceFrame }) {
  const uploads = data?.uploadStatus ?? [];
  const uploadTotal = uploads.reduce((n, u) => n + u.count, 0);
  return (
    <Panel title="冲洗与上传" {...frame} empty={!data}>
      {data && (
        <div className="vh-wash">
          <figure className="vh-wash-gauge">
            <GaugeChart value={washRate(data.summary)} name="出场冲洗合格率" unit="%" label="今日出场车辆冲洗合格率" />
            <figcaption>
              冲洗不合格 <b className={`ls-digits${data.summary.unwashedToday > 0 ? ' vh-bad' : ''}`}>{data.summary.unwashedToday}</b> 车次
            </figcaption>
          </figure>
          <ul className="vh-uploads" aria-label="今日车牌上传状态">
            {uploads.map((u) => (
              <li key={u.code}>
                <span className="vh-upload-name">
                  <i style={{ background: UPLOAD_COLORS[u.code] ?? '#9fb3c8' }} />
                  {u.name}
                </span>
                <b className="ls-digits">{u.count}</b>
                <span className="vh-upload-track" aria-hidden="true">
                  <span style={{ width: `${uploadTotal === 0 ? 0 : (u.count / uploadTotal) * 100}%`, background: UPLOAD_COLORS[u.code] ?? '#9fb3c8' }} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Panel>
  );
}

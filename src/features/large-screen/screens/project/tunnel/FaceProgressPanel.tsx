// 掘进进度: each working face — excavated against its design length, today's advance, the rock grade and
// method it is working in.
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { TunnelFace } from '../../../../../../common/screens/tunnel';

export function FaceProgressPanel({ faces, frame }: { faces: TunnelFace[] | undefined; frame: SourceFrame }) {
  return (
    <Panel title="掘进进度" {...frame} empty={!faces || faces.length === 0}>
      <ul className="tn-faces" aria-label="各工作面掘进进度">
        {(faces ?? []).map((f) => (
          <li key={f.id} className="tn-face">
            <div className="tn-face-head">
              <span className="tn-face-name" title={`${f.tunnelName}${f.sectionName}`}>
                {f.tunnelName.replace(/隧道/, '')}·{f.sectionName}
              </span>
              <span className="ls-digits tn-face-figure">
                {f.excavated}/{f.designLength}m
              </span>
            </div>
            <div className="tn-bar" role="progressbar" aria-valuenow={f.progress} aria-valuemin={0} aria-valuemax={100} aria-label={`${f.sectionName}进度`}>
              <span style={{ width: `${f.progress}%` }} />
            </div>
            <div className="tn-face-foot">
              <span className="ls-digits">{f.progress}%</span>
              <span>今日 {f.todayAdvance === null ? '--' : `${f.todayAdvance}m`}</span>
              <span>{f.rockGradeName ? `${f.rockGradeName}围岩` : '--'}</span>
              <span>{f.excavationMethodName || '--'}</span>
            </div>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

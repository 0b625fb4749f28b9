// 隧道纵断面: each tube drawn from its first to its last chainage; the excavated stretch of every face from
// its portal, and a marker where the face stands now with its chainage. Plain markup in em, so it scales
// with the wall like the rest of the body.
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { TunnelFace, TunnelTube } from '../../../../../../common/screens/tunnel';
import { chainageText, placeOf } from './model';

export function LongitudinalPanel({ tubes, faces, frame }: { tubes: TunnelTube[] | undefined; faces: TunnelFace[] | undefined; frame: SourceFrame }) {
  const byId = new Map((faces ?? []).map((f) => [f.id, f]));
  return (
    <Panel title="隧道纵断面" {...frame} empty={!tubes || tubes.length === 0} extra={<span className="tn-legend"><i className="is-dug" />已开挖 <i className="is-rest" />未开挖 <i className="is-face" />掌子面</span>}>
      <div className="tn-tubes">
        {(tubes ?? []).map((tube) => {
          const mine = tube.faceIds.map((id) => byId.get(id)).filter((f): f is TunnelFace => f !== undefined);
          return (
            <div key={`${tube.projectName}/${tube.tunnelName}`} className="tn-tube" role="group" aria-label={tube.tunnelName}>
              <div className="tn-tube-head">
                <strong>{tube.tunnelName}</strong>
                <span className="ls-digits">
                  {chainageText(tube.startChainage)} ~ {chainageText(tube.endChainage)}{'　'}已开挖 {tube.excavated}m / {tube.designLength}m（{tube.progress}%）
                </span>
              </div>
              <div className="tn-track">
                {mine.map((f) => {
                  const from = placeOf(f.heading === 'up' ? f.startChainage : f.facePosition, tube.startChainage, tube.endChainage);
                  const to = placeOf(f.heading === 'up' ? f.facePosition : f.endChainage, tube.startChainage, tube.endChainage);
                  return <span key={f.id} className="tn-dug" style={{ left: `${from}%`, width: `${Math.max(0, to - from)}%` }} title={`${f.sectionName} 已开挖 ${f.excavated}m`} />;
                })}
                {mine.map((f) => {
                  const at = placeOf(f.facePosition, tube.startChainage, tube.endChainage);
                  return (
                    <span key={`m${f.id}`} className={`tn-marker is-${f.heading}`} style={{ left: `${at}%` }} aria-label={`${f.sectionName} ${chainageText(f.facePosition)}`}>
                      <span className="tn-marker-label">
                        {f.sectionName.replace(/掌子面/, '')} {chainageText(f.facePosition)}
                      </span>
                    </span>
                  );
                })}
              </div>
              <div className="tn-ends ls-digits">
                <span>进口 {chainageText(tube.startChainage)}</span>
                <span>出口 {chainageText(tube.endChainage)}</span>
              </div>
            </div>
          );
        })}
      </div>
    </Panel>
  );
}

// A pass rate as a figure and a bar: green from 95 %, amber from 85 %, red below; -- without reports.
import type { TestingGroup } from '../../../../../common/screens/testing';

export const rateTone = (rate: number): string => (rate >= 95 ? 'is-good' : rate >= 85 ? 'is-fair' : 'is-poor');

export function PassRate({ group }: { group: Pick<TestingGroup, 'reported' | 'passRate'> }) {
  if (group.reported === 0) return <span className="ls-digits tc-muted">--</span>;
  return (
    <span className="tc-rate">
      <span className="ls-digits">{group.passRate}%</span>
      <span className="tc-rate-track" aria-hidden="true">
        <span className={`tc-rate-bar ${rateTone(group.passRate)}`} style={{ width: `${group.passRate}%` }} />
      </span>
    </span>
  );
}

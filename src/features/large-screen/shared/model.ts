// Rules several screens apply to their answers (docs/screens-api.md). The wire types themselves are in
// common/screens/ (shared with the server); a screen's own derivations stay in its folder's model.ts.
import type { EnvThresholds } from '../../../../common/screens/enterprise-overview';
import { chinaHour, instantOf } from '../../../lib/time/china-time';
import { percentOf } from '../kit/format';

/** §3.5 project status codes. */
export const PROJECT_STATUS = { preparation: 1, initiated: 2, underConstruction: 3, completed: 4, stopped: 5 } as const;

/** Day noise limit 06:00–22:00 China Standard Time, night limit otherwise (as the server's alarms). */
export const noiseLimit = (t: EnvThresholds, at: number | string | Date = Date.now()): number => {
  const cstHour = chinaHour(instantOf(at) ?? Date.now());
  return cstHour >= 6 && cstHour < 22 ? t.noiseDay : t.noiseNight;
};

/** Online devices of all, in per cent with one decimal. */
export const onlineRate = (d: { total: number; online: number }): number => percentOf(d.online, d.total);

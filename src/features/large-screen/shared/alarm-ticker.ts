// The running line of unhandled alarms (enterprise overview 实时报警, warning centre 未处理报警): project,
// device and message of each, optionally after its §3.5 level.
import type { AlarmItem } from '../../../../common/screens/alarms';
import type { TickerItem } from '../kit/AlarmTicker';

export const unhandledTicker = (alarms: readonly AlarmItem[] | undefined, withLevel = false): TickerItem[] =>
  (alarms ?? [])
    .filter((a) => !a.handled)
    .map((a) => ({ id: a.id, level: a.level, text: `${withLevel ? `${a.levelName} ` : ''}${a.projectName} ${a.deviceName || a.deviceCode} ${a.message}` }));

// Alarm lists for the screens: the newest alarms matching a condition, with project, device and the
// Chinese names of kind and level (the same item shape as EnterpriseOverview's alarms panel).
import { sql, type RawBuilder } from 'kysely';
import type { AlarmItem } from '../../common/screens/alarms';
import { nameOf, type ScreenContext } from './context';
import { iso, num, textOf } from './format';
import type { ProjectIds } from './scope';

/**
 * The newest `limit` alarms of the projects in scope that satisfy `where` (a condition on alias `a`
 * for the alarm and `d` for its device, trusted SQL only).
 */
export async function alarmList(c: ScreenContext, projects: ProjectIds, where: RawBuilder<boolean>, limit: number): Promise<AlarmItem[]> {
  const result = await sql<Record<string, unknown>>`
    select a.id, a.alarm_time, a.project_id, p.name as project_name, a.device_code, d.device_name,
      a.alarm_kind, a.alarm_level, a.message, a.value, a.threshold, a.handled
    from ${sql.id(c.t.alarm)} a
    join projects p on p.id = a.project_id
    left join ${sql.id(c.t.device)} d on d.device_code = a.device_code and d.project_id = a.project_id and d.if_del = 0
    where a.project_id in (${projects}) and ${where}
    order by a.alarm_time desc, a.id desc
    limit ${limit}`.execute(c.db);
  return result.rows.map((r) => toAlarmItem(c, r));
}

export const toAlarmItem = (c: ScreenContext, r: Record<string, unknown>): AlarmItem => ({
  id: String(r.id),
  time: iso(r.alarm_time),
  projectId: String(r.project_id),
  projectName: textOf(r.project_name),
  deviceCode: textOf(r.device_code),
  deviceName: textOf(r.device_name),
  kind: textOf(r.alarm_kind),
  kindName: nameOf(c, 'alarmKind', textOf(r.alarm_kind)),
  level: textOf(r.alarm_level),
  levelName: nameOf(c, 'alarmLevel', textOf(r.alarm_level)),
  message: textOf(r.message),
  value: num(r.value),
  threshold: num(r.threshold),
  handled: r.handled === true,
});

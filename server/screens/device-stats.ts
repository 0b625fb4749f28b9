// Device statistics (§7.5 GetSbgl_sbtj, GetSbgl_sbzxqk, GetSbwb_wbtj and the devices panel of the
// screens): one SQL aggregate each over the projects in scope. A device is "alarm" when it has an
// unhandled alarm; online/offline follow its online flag (the simulator or the device gateway sets it).
import { sql, type Kysely } from 'kysely';
import type { DeviceCounts, DeviceKindCounts, DeviceStats, MaintenanceStats, ProjectOnline } from '../../common/screens/devices';
import type { DictOption } from '../../common/wire';
import type { Database } from '../db/schema';
import type { ProjectIds } from './scope';
import type { ScreenTables } from './tables';

export type { DeviceStats, MaintenanceStats, ProjectOnline };

type CountRow = { total: string | number; online: string | number; offline: string | number; alarm: string | number };

const counts = (r: CountRow | undefined): DeviceCounts => ({
  total: Number(r?.total ?? 0),
  online: Number(r?.online ?? 0),
  offline: Number(r?.offline ?? 0),
  alarm: Number(r?.alarm ?? 0),
});

/** The devices in scope with their alarm flag, as a common table expression body. */
const devicesInScope = (t: ScreenTables, projects: ProjectIds) => sql`
  select d.project_id, d.device_kind, d.online,
    exists (select 1 from ${sql.id(t.alarm)} a
            where a.device_code = d.device_code and a.project_id = d.project_id and a.handled = false) as alarming
  from ${sql.id(t.device)} d
  where d.if_del = 0 and d.project_id in (${projects})`;

const COUNTS = sql`count(*) as total,
  count(*) filter (where online) as online,
  count(*) filter (where not coalesce(online, false)) as offline,
  count(*) filter (where alarming) as alarm`;

export async function deviceStats(db: Kysely<Database>, t: ScreenTables, projects: ProjectIds, kinds: readonly DictOption[]): Promise<DeviceStats> {
  const result = await sql<CountRow & { kind: string }>`
    with d as (${devicesInScope(t, projects)})
    select device_kind as kind, ${COUNTS} from d group by device_kind`.execute(db);
  const byKindRows = new Map(result.rows.map((r) => [r.kind, counts(r)]));
  const byKind: DeviceKindCounts[] = kinds.map((k) => ({ kind: k.xuHao, name: k.selContent, ...(byKindRows.get(k.xuHao) ?? counts(undefined)) }));
  // Kinds not (or no longer) in the dictionary still count, under their code.
  for (const [kind, c] of byKindRows) if (!kinds.some((k) => k.xuHao === kind)) byKind.push({ kind, name: kind, ...c });
  const total = byKind.reduce<DeviceCounts>(
    (sum, k) => ({ total: sum.total + k.total, online: sum.online + k.online, offline: sum.offline + k.offline, alarm: sum.alarm + k.alarm }),
    counts(undefined),
  );
  return { ...total, byKind };
}

export async function onlineByProject(db: Kysely<Database>, t: ScreenTables, projects: ProjectIds): Promise<ProjectOnline[]> {
  const result = await sql<CountRow & { project_id: string | number; project_name: string }>`
    with d as (${devicesInScope(t, projects)})
    select p.id as project_id, p.name as project_name,
      count(d.project_id) as total,
      count(*) filter (where d.online) as online,
      count(*) filter (where d.project_id is not null and not coalesce(d.online, false)) as offline,
      count(*) filter (where d.alarming) as alarm
    from projects p left join d on d.project_id = p.id
    where p.id in (${projects})
    group by p.id, p.name
    order by p.id`.execute(db);
  return result.rows.map((r) => {
    const c = counts(r);
    return { projectId: String(r.project_id), projectName: r.project_name, ...c, onlineRate: c.total ? Math.round((c.online / c.total) * 1000) / 10 : 0 };
  });
}

export async function maintenanceStats(db: Kysely<Database>, t: ScreenTables, projects: ProjectIds): Promise<MaintenanceStats> {
  const result = await sql<{ device_type: string; devices: string | number; templates: string | number }>`
    select device_type, sum(devices) as devices, sum(templates) as templates from (
      select device_type, count(*) as devices, 0 as templates from ${sql.id(t.routInsp)}
        where if_del = 0 and project_id in (${projects}) group by device_type
      union all
      select device_type, 0 as devices, count(*) as templates from ${sql.id(t.template)}
        where if_del = 0 and project_id in (${projects}) group by device_type
    ) x group by device_type order by device_type`.execute(db);
  const byType = result.rows.map((r) => ({ deviceType: r.device_type, devices: Number(r.devices), templates: Number(r.templates) }));
  return {
    deviceTotal: byType.reduce((n, r) => n + r.devices, 0),
    templateTotal: byType.reduce((n, r) => n + r.templates, 0),
    byType,
  };
}

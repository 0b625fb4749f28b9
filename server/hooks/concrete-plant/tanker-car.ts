// 罐车 (TankerCar) bound to its GPS terminal (§7.5 tanker cars: bind): `deviceId` names a 监测设备
// (MonitorDevice) row — the engine's reference check has already refused a row the caller cannot see
// (`定位设备不存在或无权访问`-style, ENGINE_MESSAGES.referenceOutOfScope) before the write; here, inside the
// write's transaction, the device must be a 车载定位 terminal (kind `gps`), or the write is undone.
import { sql } from 'kysely';
import { FieldRefusal } from '../../engine/errors';
import type { EntityHooks } from '../../engine/hook-types';

export const TANKER_MESSAGES = { notGps: '所选设备不是车载定位设备，请选择设备类型为“车载定位”的监测设备' } as const;

/** The kind of monitor device a tanker's GPS terminal must be (monitorDeviceKind). */
export const GPS_KIND = 'gps';

export const tankerCarHooks: EntityHooks = {
  async afterWrite(row, { db }) {
    const deviceId = row.deviceId;
    if (deviceId === undefined || deviceId === null || deviceId === '') return;
    const found = await sql<{ device_kind: string }>`select device_kind from monitor_device where id = ${String(deviceId)} and if_del = 0`.execute(db);
    if (found.rows[0]?.device_kind !== GPS_KIND) throw new FieldRefusal(TANKER_MESSAGES.notGps, 'deviceId');
  },
};

// 监测设备 (MonitorDevice): the HJ 212 access password is stored as a salted hash, never in clear (the field
// is writeOnly: never answered, blank on edit keeps it); the 来源地址 list must be addresses or ranges
// (server/devices/hj212/access.ts, docs/device-ingestion.md "Access").
import { FieldRefusal } from '../../engine/errors';
import { hashAccessPassword, isHashedAccessPassword, parseSourceList } from '../../devices/hj212/access';
import type { EntityHooks } from '../../engine/hook-types';

export const MONITOR_DEVICE_MESSAGES = {
  sources: '来源地址须为以逗号分隔的IP地址或网段，如 183.221.10.5,10.8.0.0/16',
} as const;

export const monitorDeviceHooks: EntityHooks = {
  async checkChange({ values }) {
    const sources = values.hj212Sources;
    if (typeof sources === 'string' && sources.trim() !== '' && parseSourceList(sources) === null) {
      throw new FieldRefusal(MONITOR_DEVICE_MESSAGES.sources, 'hj212Sources');
    }
  },
  async beforeWrite(row) {
    const password = row.hj212Password;
    if (typeof password !== 'string' || password === '' || isHashedAccessPassword(password)) return row;
    return { ...row, hj212Password: hashAccessPassword(password) };
  },
};

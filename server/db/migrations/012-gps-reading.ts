// The positions a tanker car's 车载定位 terminal reports (docs/concrete-plant.md "Tanker positions"): one
// row per fix of a 监测设备 of kind `gps` (MonitorDevice id), newest first per device for the plant
// screens' 罐车分布. Written by the demo simulator for every bound car; pruned by age with the readings.
// Static DDL.
import type { Migration } from './types';

export const gpsReading: Migration = {
  name: '012-gps-reading',
  statements: [
    `create table gps_reading (
      id bigserial primary key,
      device_id bigint not null,
      company_id bigint,
      at timestamptz not null,
      lng double precision not null,
      lat double precision not null,
      speed real
    )`,
    `create index gps_reading_device_at_idx on gps_reading(device_id, at desc)`,
  ],
};

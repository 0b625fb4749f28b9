// The device ingestion endpoint's replay memory (docs/device-ingestion.md): each accepted signature of a
// device within the timestamp window, so the same signed request is refused by any server process. Rows
// older than the window are pruned by the endpoint. Static DDL.
import type { Migration } from './types';

export const deviceIngestReplay: Migration = {
  name: '010-device-ingest-replay',
  statements: [
    `create table device_ingest_replay (
      device_code varchar(50) not null,
      signature varchar(64) not null,
      seen_at timestamptz not null default now(),
      primary key (device_code, signature)
    )`,
    `create index device_ingest_replay_seen_idx on device_ingest_replay(seen_at)`,
  ],
};

// Government data push (docs/push.md): the outbox. One row per item to send to one push configuration,
// written in the same transaction as the source row (an attendance row, a dust reading), so nothing is lost
// across restarts. The worker (server/push/worker.ts) claims due rows with a lease (claimed_until), sends
// them, and marks a row delivered only after the receiver's success; a delivered row is never sent again.
// Static DDL.
import type { Migration } from './types';

export const pushOutbox: Migration = {
  name: '011-push-outbox',
  statements: [
    `create table push_outbox (
      id bigserial primary key,
      config_id bigint not null,
      project_id bigint not null,
      data_type varchar(2) not null,
      source_id varchar(40) not null,
      payload jsonb not null,
      status varchar(10) not null default 'pending',
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      claimed_until timestamptz,
      claimed_by varchar(40),
      last_error varchar(500),
      created_at timestamptz not null default now(),
      delivered_at timestamptz,
      unique (config_id, data_type, source_id)
    )`,
    `create index push_outbox_due_idx on push_outbox(next_attempt_at) where status = 'pending'`,
  ],
};

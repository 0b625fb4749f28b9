// The audit trail (docs/metadata.md "Audit trail"): one row per change, written in the change's own
// transaction (server/engine/audit-trail.ts). Indexed for time ranges over millions of rows: per company
// (the 操作日志 page), per record (变更记录) and by time alone (the retention purge). Rows are never
// changed: a trigger refuses UPDATE, TRUNCATE and DELETE, except the purge's DELETE, which sets
// zhgd.audit_purge for its own transaction only (server/engine/audit-retention.ts). Static DDL.
import type { Migration } from './types';

export const auditLog: Migration = {
  name: '005-audit-log',
  statements: [
    `create table audit_log (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      company_id integer,
      user_id integer,
      user_name text not null default '',
      address text not null default '',
      entity text not null,
      entity_title text not null default '',
      record_id text not null default '',
      action text not null,
      summary text not null default '',
      changes text not null default '[]'
    )`,
    `create index audit_log_company_at_idx on audit_log (company_id, at desc, id desc)`,
    `create index audit_log_record_idx on audit_log (entity, record_id, at desc, id desc)`,
    `create index audit_log_at_idx on audit_log (at)`,
    `create function audit_log_immutable() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and coalesce(current_setting('zhgd.audit_purge', true), '') = 'on' then
          return old;
        end if;
        raise exception 'audit_log rows cannot be changed or deleted' using errcode = '42501';
      end $$`,
    `create trigger audit_log_immutable before update or delete on audit_log for each row execute function audit_log_immutable()`,
    `create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_immutable()`,
  ],
};

// The sequences of the entities' numbering rules (docs/metadata.md "Numbering", server/engine/numbering.ts):
// one row per numbered column, scope (a company, a project, or '' for the whole table) and period (the
// China day, month or year the sequence restarts in, '' for never), raised by an upsert inside each
// insert's transaction. Static DDL.
import type { Migration } from './types';

export const numberingSequences: Migration = {
  name: '015-numbering-sequences',
  statements: [
    `create table numbering_sequences (
      table_name text not null,
      column_name text not null,
      scope_key text not null,
      period text not null,
      last_value bigint not null,
      updated_at timestamptz not null default now(),
      primary key (table_name, column_name, scope_key, period)
    )`,
  ],
};

// "Unique per company" on project data (docs/metadata.md "Uniqueness"): the company is the one owning the
// row's project, not the writer's. Such a table has an `owner_company_id` system column (common/metadata/
// columns.ts hasOwnerCompany) that a row-level trigger fills from projects.company_id on every insert and
// on every change of the project column, so rows written by hooks, imports or SQL get it too; the rule's
// unique index is on it. Existing rows are filled once when the column is new or stale.
import { sql, type Transaction } from 'kysely';
import { hasOwnerCompany, OWNER_COMPANY_COLUMN, projectColumn } from '../../common/metadata/columns';
import type { ResolvedEntity } from '../../common/metadata/types';
import type { Database } from '../db/schema';
import { indexName } from './index-name';

/** Creates (or replaces) the trigger and fills the rows whose owner company is missing or stale. */
export async function syncOwnerCompany(trx: Transaction<Database>, entity: ResolvedEntity): Promise<void> {
  const project = projectColumn(entity);
  if (!hasOwnerCompany(entity) || !project) return;
  const table = sql.id(entity.table);
  const owner = sql.id(OWNER_COMPANY_COLUMN);
  const fn = indexName(entity.table, ['owner', 'company']);
  // Identifiers come from checked schemas; quoted all the same. plpgsql needs them in its text.
  const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
  await sql
    .raw(`create or replace function ${q(fn)}() returns trigger language plpgsql as $fn$ begin
  new.${q(OWNER_COMPANY_COLUMN)} := (select company_id from projects where id = new.${q(project)});
  return new;
end $fn$`)
    .execute(trx);
  await sql
    .raw(`create or replace trigger ${q(fn)} before insert or update of ${q(project)} on ${q(entity.table)} for each row execute function ${q(fn)}()`)
    .execute(trx);
  await sql`update ${table} t set ${owner} = p.company_id from projects p
    where p.id = t.${sql.id(project)} and t.${owner} is distinct from p.company_id`.execute(trx);
}

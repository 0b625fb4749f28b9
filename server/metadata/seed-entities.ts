// Demo rows of schemas/seed/<entity>.json (format: schemas/meta/seed.schema.json), inserted in file
// order, once, into an entity table that is empty. `companyKey` and `projectNo` name companies and
// projects of the identity seed (server/seed/demo-data.ts) and become their ids here.
import { sql, type Kysely, type Transaction } from 'kysely';
import { projectColumn } from '../../common/metadata/columns';
import { fieldByName } from '../../common/metadata/entity';
import { zonedDateTime } from '../../common/metadata/datetime';
import { isRelativeDate, resolveRelativeDate } from '../../common/metadata/relative-dates';
import type { ResolvedEntity, ResolvedField, SeedRow } from '../../common/metadata/types';
import type { Database } from '../db/schema';
import { COMPANIES } from '../seed/demo-data';
import { sortKeyFields, withSortKeys } from '../engine/sort-keys';

export type EntitySeedReport = {
  /** Entities whose rows were inserted. */
  seeded: string[];
  /** Entities skipped because a company or project key is not in this database (not the demo data set). */
  skipped: Array<{ entity: string; reason: string }>;
};

type Ids = { company: (key: string) => Promise<number | null>; project: (no: string) => Promise<{ id: number; companyId: number } | null> };

export async function seedEntities(
  db: Kysely<Database>,
  entities: ReadonlyMap<string, ResolvedEntity>,
  seeds: ReadonlyMap<string, readonly SeedRow[]>,
): Promise<EntitySeedReport> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(current_schema()))`.execute(trx);
    const ids = idLookups(trx);
    const report: EntitySeedReport = { seeded: [], skipped: [] };
    for (const [name, rows] of seeds) {
      const entity = entities.get(name);
      if (!entity || rows.length === 0) continue;
      const any = await sql`select 1 from ${sql.id(entity.table)} limit 1`.execute(trx);
      if (any.rows.length > 0) continue;
      const prepared: Array<Map<string, unknown>> = [];
      let missing: string | null = null;
      for (const row of rows) {
        const values = await rowValues(entity, row, ids);
        if (typeof values === 'string') {
          missing = values;
          break;
        }
        prepared.push(values);
      }
      if (missing) {
        report.skipped.push({ entity: name, reason: missing });
        continue;
      }
      const keyed = sortKeyFields(entity);
      for (const values of prepared) {
        // The pinyin keys of sortable text, as the engine's writes set them (server/engine/sort-keys.ts).
        for (const [column, key] of Object.entries(withSortKeys(keyed, Object.fromEntries(values)))) values.set(column, key);
        const columns = [...values.keys()];
        await sql`insert into ${sql.id(entity.table)} (${sql.join(columns.map((c) => sql.id(c)))})
          values (${sql.join(columns.map((c) => values.get(c)))})`.execute(trx);
      }
      report.seeded.push(name);
    }
    return report;
  });
}

/** Column → value of one seed row, or the reason it cannot be resolved. */
async function rowValues(entity: ResolvedEntity, row: SeedRow, ids: Ids): Promise<Map<string, unknown> | string> {
  const values = new Map<string, unknown>();
  let companyId: number | null = null;
  if (row.companyKey !== undefined) {
    companyId = await ids.company(row.companyKey);
    if (companyId === null) return `company key "${row.companyKey}" not found`;
  }
  if (row.projectNo !== undefined) {
    const project = await ids.project(row.projectNo);
    if (!project) return `project "${row.projectNo}" not found`;
    const column = projectColumn(entity);
    if (column) values.set(column, project.id);
    companyId ??= project.companyId;
  }
  for (const [key, value] of Object.entries(row)) {
    const field = fieldByName(entity, key);
    if (!field || field.type === 'id') continue;
    values.set(field.column, seedValue(field, value));
  }
  if (companyId !== null && !values.has('company_id')) values.set('company_id', companyId);
  return values;
}

/**
 * A seed value as its column takes it: json as text, a zoneless datetime as China Standard Time (like any
 * write), a relative date (`$today-30d`, `$now-2h`, common/metadata/relative-dates.ts) as of the seeding.
 */
function seedValue(field: ResolvedField, value: unknown): unknown {
  if ((field.type === 'date' || field.type === 'datetime') && isRelativeDate(value)) return resolveRelativeDate(value, field.type);
  if (field.type === 'json' && value !== null && typeof value !== 'string') return JSON.stringify(value);
  if (field.type === 'datetime' && typeof value === 'string') return zonedDateTime(value) ?? value;
  return value;
}

function idLookups(trx: Transaction<Database>): Ids {
  const companies = new Map<string, number | null>();
  const projects = new Map<string, { id: number; companyId: number } | null>();
  return {
    company: async (key) => {
      if (!companies.has(key)) {
        const name = COMPANIES.find((c) => c.key === key)?.name;
        const row = name ? await trx.selectFrom('companies').select('id').where('name', '=', name).orderBy('id').executeTakeFirst() : undefined;
        companies.set(key, row?.id ?? null);
      }
      return companies.get(key) ?? null;
    },
    project: async (no) => {
      if (!projects.has(no)) {
        const row = await trx.selectFrom('projects').select(['id', 'company_id']).where('project_no', '=', no).executeTakeFirst();
        projects.set(no, row ? { id: row.id, companyId: row.company_id } : null);
      }
      return projects.get(no) ?? null;
    },
  };
}

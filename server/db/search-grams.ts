// Contains-search over Chinese text (docs/metadata.md "Big tables", issue 26). pg_trgm makes no trigram
// from a one- or two-character term, so `ilike '%史军%'` scanned every row of a big table, and most Chinese
// names are two or three characters. Instead each searchable text column gets a GIN index over its n-grams
// of one, two and three characters (lower-cased): a term of up to three characters is one of them exactly
// (`grams(col) @> array[term]` says the same as `col ilike '%term%'`, no recheck), a longer term needs all
// its trigrams and is checked with ilike on the candidates. Plain SQL and plpgsql: the same on PostgreSQL
// and PGlite, no extension to install.
import { sql, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Database } from './schema';

/** Field types whose text the gram index holds. */
export const GRAM_TYPES: ReadonlySet<string> = new Set(['string', 'text']);

/**
 * The columns of a table's gram index: its searchable string/text fields with a column of their own, in
 * schema order. One definition for the sync that builds the index and the list that must spell it the same.
 */
export const gramColumnsOf = (fields: ReadonlyArray<{ searchable?: boolean; virtual?: boolean; type: string; column: string }>): string[] =>
  fields.filter((f) => f.searchable && !f.virtual && GRAM_TYPES.has(f.type)).map((f) => f.column);

/** The index function; versioned by name: its body never changes once indexes are built on it. */
export const GRAMS_FUNCTION = 'search_grams_v1';
const QUERY_FUNCTION = 'search_query_grams_v1';

/** Terms of up to this many characters are answered by the gram index alone. */
const EXACT_UP_TO = 3;

/**
 * Creates the two functions in the current schema (where the sync's tables are). plpgsql's loop is about
 * three times faster than a set-based SQL body (6 µs a 10-character value), which the index build and
 * every insert pay.
 */
export async function ensureSearchFunctions(trx: Transaction<Database>): Promise<void> {
  await sql
    .raw(
      `create or replace function ${GRAMS_FUNCTION}(t text) returns text[] language plpgsql immutable strict parallel safe as $fn$
declare l text := lower(t); n int := length(l); r text[] := '{}'; i int;
begin
  for i in 1..n loop
    r := r || substr(l, i, 1);
    if i < n then r := r || substr(l, i, 2); end if;
    if i < n - 1 then r := r || substr(l, i, 3); end if;
  end loop;
  return r;
end $fn$`,
    )
    .execute(trx);
  await sql
    .raw(
      `create or replace function ${QUERY_FUNCTION}(t text) returns text[] language plpgsql immutable strict parallel safe as $fn$
declare l text := lower(t); n int := length(l); r text[] := '{}'; i int;
begin
  if n <= ${EXACT_UP_TO} then return array[l]; end if;
  for i in 1..n - 2 loop r := r || substr(l, i, 3); end loop;
  return r;
end $fn$`,
    )
    .execute(trx);
}

/**
 * The indexed expression: the grams of every searchable text column of a table, in schema order, in one
 * array (the index and the query must spell it the same). One index per table, not one per column: the
 * planner estimates a gram absent from the statistics at half the rarest tracked one, and a column of
 * few distinct grams (ten team names, the digits of serials) made that 0.5 % each, so a rare name
 * (史军, 144 of 1,000,000 rows) was read by walking the sort index through 230,000 rows (2.5 s). Over the
 * union the rarest tracked gram is rare, and the estimate with it.
 */
export const gramsOf = (columns: readonly string[]): RawBuilder<unknown> =>
  sql`(${sql.join(
    columns.map((c) => sql`${sql.id(GRAMS_FUNCTION)}(${sql.ref(c)})`),
    sql` || `,
  )})`;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `column ilike '%term%'`, the term's wildcards taken as text. */
export const ilikeContains = (column: RawBuilder<unknown>, term: string): RawBuilder<SqlBool> => sql<SqlBool>`${column} ilike ${`%${escapeLike(term)}%`}`;

/**
 * Some of `within` (a subset of the indexed `columns`) contains `term`, case-insensitively, in a form the
 * index serves. The term's grams are computed by the database from the bound term (the planner folds the
 * immutable call to a constant, so it sees the grams and their frequency). Exact by the index alone when
 * the term has up to three characters and every indexed column is asked; otherwise the index narrows the
 * rows and ilike over the asked columns decides (a longer term's trigrams may lie in different columns,
 * or a column the caller may not search holds it).
 */
export function gramContains(columns: readonly string[], within: readonly string[], term: string): RawBuilder<SqlBool> {
  const grams = sql<SqlBool>`${gramsOf(columns)} @> ${sql.id(QUERY_FUNCTION)}(${term}::text)`;
  if ([...term].length <= EXACT_UP_TO && within.length === columns.length) return grams;
  // ilike first: cheap where the planner walks the sort index instead of reading the gram index.
  return sql<SqlBool>`((${sql.join(
    within.map((c) => ilikeContains(sql.ref(c), term)),
    sql` or `,
  )}) and ${grams})`;
}

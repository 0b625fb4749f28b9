// Pinyin order of Chinese text (docs/metadata.md "Sorting"). PostgreSQL's ICU `zh-x-icu` collates Han by
// pinyin, but PGlite's ICU carries the root collation only (Han by code point; no zh tailoring), so both
// databases sort by a stored key instead: a hidden text column `<column>__py1` beside each keyed field,
// computed here on every engine write (query.ts insertRow / updateRow), by the seed, and backfilled by the
// table sync for rows that have none. The column is `collate "C"`: byte order, the same on both databases.
import { pinyin } from 'pinyin-pro';
import { sql, type Transaction } from 'kysely';
import type { ResolvedEntity, ResolvedField } from '../../common/metadata/types';
import type { Database } from '../db/schema';

/** The key's version: a changed key is a new column (`__py2`), backfilled by the sync; the old one stays unused. */
const SUFFIX = '__py1';

/** Characters of a value the key reads: a longer value ties with its first 64 characters (then by id). */
const KEY_CHARS = 64;

/** Formats whose values hold no Chinese text worth a key (codes, numbers): they keep the column's own order. */
const KEYED_FORMATS: ReadonlySet<string | undefined> = new Set([undefined, 'realName']);

/**
 * Whether a field sorts by a pinyin key: a sortable `string` / `text` column of an engine table holding
 * free text — not a dictionary code, an enum, an assigned number or a formatted value (phone, plate, ID).
 */
export const hasSortKey = (field: ResolvedField, platform = false): boolean =>
  !platform &&
  field.sortable === true &&
  (field.type === 'string' || field.type === 'text') &&
  !field.virtual &&
  !field.writeOnly &&
  !field.dictionary &&
  !field.enum &&
  !field.numbering &&
  KEYED_FORMATS.has(field.format);

export const sortKeyColumn = (field: Pick<ResolvedField, 'column'>): string => `${field.column}${SUFFIX}`;

/** The keyed fields of an entity. */
export const sortKeyFields = (entity: ResolvedEntity): ResolvedField[] => entity.fields.filter((f) => hasSortKey(f, entity.platform === true));

const hex = (code: number) => code.toString(16).padStart(6, '0');
const HAN = /\p{Script=Han}/u;

/**
 * The sort key of a text: one unit per character, each led by its class so that byte order of the
 * concatenation is the order of the unit sequences —
 *   `0` + code point: spaces, punctuation, other scripts;
 *   `1` + digit;  `2` + lower-cased Latin letter (case ties, then the id);
 *   `3` + pinyin + tone (1–4, 5 neutral) + code point: Han by pinyin, then tone, then the character itself
 *         (all 陈 before 晨, both chén); a shorter syllable before a longer one (an before ang: digit < letter);
 *   `4` + code point: Han without a reading in the library.
 * So digits, then Latin, then Chinese in pinyin order (Excel's order of Chinese text). `surname`: the first
 * character is read as a surname (曾 zēng, 单 shàn, 解 xiè, 区 ōu): person names (`format: realName`).
 * Full-width forms are folded first (ＡＢＣ１ as ABC1).
 */
export function pinyinKey(text: string, surname = false): string {
  const chars = [...text.normalize('NFKC')].slice(0, KEY_CHARS);
  const readings = chars.some((c) => HAN.test(c))
    ? pinyin(chars.join(''), { type: 'array', toneType: 'num', v: true, nonZh: 'spaced', surname: surname ? 'head' : 'off' })
    : [];
  let key = '';
  chars.forEach((c, i) => {
    const code = c.codePointAt(0)!;
    if (c >= '0' && c <= '9') key += `1${c}`;
    else if (/[a-z]/i.test(c)) key += `2${c.toLowerCase()}`;
    else if (HAN.test(c)) {
      const reading = /^([a-z]+)([0-4])$/.exec(readings[i] ?? '');
      key += reading ? `3${reading[1]}${reading[2] === '0' ? '5' : reading[2]}${hex(code)}` : `4${hex(code)}`;
    } else key += `0${hex(code)}`;
  });
  return key;
}

const keyOf = (field: ResolvedField, value: unknown): string | null =>
  value === null || value === undefined ? null : pinyinKey(String(value), field.format === 'realName');

/** The key of a value a hook writes by its own SQL (not a person's name): set it beside the column. */
export const textKey = (value: unknown): string | null => (value === null || value === undefined ? null : pinyinKey(String(value)));

/** Column values of a write with the keys of the keyed columns it sets (a field not written keeps its key). */
export function withSortKeys<V extends Record<string, unknown>>(fields: readonly ResolvedField[], values: V): V {
  let out: Record<string, unknown> | null = null;
  for (const f of fields) {
    if (!Object.hasOwn(values, f.column)) continue;
    out ??= { ...values };
    out[sortKeyColumn(f)] = keyOf(f, values[f.column]);
  }
  return (out ?? values) as V;
}

const FILL_BATCH = 1000;

/**
 * Keys for the rows that have none (a new keyed field, rows written before the key, or by SQL of a hook):
 * read in batches by id, written with one update per batch. Returns how many rows it filled.
 */
export async function fillSortKeys(trx: Transaction<Database>, entity: ResolvedEntity): Promise<number> {
  let filled = 0;
  for (const f of sortKeyFields(entity)) {
    const col = sql.id(f.column);
    const key = sql.id(sortKeyColumn(f));
    let after = '0';
    for (;;) {
      const { rows } = await sql<{ id: string; v: string }>`select id::text as id, ${col}::text as v from ${sql.id(entity.table)}
        where ${key} is null and ${col} is not null and id > ${after}::bigint order by id limit ${FILL_BATCH}`.execute(trx);
      if (rows.length === 0) break;
      const pairs = rows.map((r) => sql`(${r.id}::bigint, ${keyOf(f, r.v)}::text)`);
      await sql`update ${sql.id(entity.table)} t set ${key} = v.k from (values ${sql.join(pairs)}) as v(id, k) where t.id = v.id`.execute(trx);
      filled += rows.length;
      after = rows[rows.length - 1].id;
      if (rows.length < FILL_BATCH) break;
    }
  }
  return filled;
}

// Row labels (docs/metadata.md "Labels"): a field whose type `names` a table (project, company) is
// answered as its id and, in the row's `labels` map, the name of that project or company, so list cells
// and exports show names. One query per table and batch of rows, never one per row.
// Sheets (export and import, docs/metadata.md "Import") go further: a field naming another entity's row
// (`{ entity, valueField: 'id' }`) is written as that row's label and an image or file field as its files'
// names (sheetLabels), and an import reads both back (sheetResolver) — within what the importing user may
// see and use, an ambiguous label refused with its candidates, an id still taken as an id.
import { sql, type Kysely } from 'kysely';
import { FIELD_TYPES, ROW_LABELS, sheetLabelOf, type RowLabels } from '../../common/field-types';
import type { ResolvedEntity } from '../../common/metadata/types';
import { storedAddresses, UPLOAD_FILE_PATH, uploadIdOf } from '../../common/uploads';
import { scopeOf, type SessionContext } from '../auth/session-context';
import type { Database } from '../db/schema';
import { subtreeIds } from '../platform/companies';
import { parseId } from '../platform/ids';
import { projectIdsInScope } from '../platform/projects';
import { dynamicDb } from './dynamic-db';
import { ENGINE_MESSAGES } from './messages';
import { buildModel, type EntityModel, type ModelField } from './model';
import type { ApiRow } from './row-codec';
import { idColumnOf, rowId } from './row-id';
import { visibleRows } from './scope';

type NamedTable = NonNullable<(typeof FIELD_TYPES)[keyof typeof FIELD_TYPES]['names']>;

const labelledFields = (model: EntityModel): Array<{ field: ModelField; table: NamedTable }> =>
  model.fields.flatMap((field) => {
    const table = FIELD_TYPES[field.type].names;
    return table ? [{ field, table }] : [];
  });

async function namesOf(db: Kysely<Database>, table: NamedTable, ids: readonly number[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [String(r.id), r.name]));
}

/** The rows with their `labels` map; rows of an entity without labelled fields come back unchanged. */
export async function withLabels(db: Kysely<Database>, model: EntityModel, rows: readonly ApiRow[]): Promise<ApiRow[]> {
  const labelled = labelledFields(model);
  if (labelled.length === 0) return [...rows];
  const wanted = new Map<NamedTable, Set<number>>();
  for (const { field, table } of labelled) {
    const ids = wanted.get(table) ?? new Set<number>();
    for (const row of rows) {
      const id = parseId(row[field.name] as string | null);
      if (id !== null) ids.add(id);
    }
    wanted.set(table, ids);
  }
  const names = new Map<NamedTable, Map<string, string>>();
  for (const [table, ids] of wanted) names.set(table, await namesOf(db, table, [...ids]));
  return rows.map((row) => {
    // Labels a readRows hook gave (a virtual field's name, e.g. a user's role) are kept.
    const labels: RowLabels = { ...((row[ROW_LABELS] as RowLabels | undefined) ?? {}) };
    for (const { field, table } of labelled) {
      const value = row[field.name];
      const name = value === null || value === undefined ? undefined : names.get(table)?.get(String(value));
      if (name !== undefined) labels[field.name] = name;
    }
    return { ...row, [ROW_LABELS]: labels };
  });
}

// ---- sheets: references and files as a person sees them ----

/** A field naming another entity's row by its key; a sheet writes and reads it as that row's `label`. */
export type SheetReference = {
  field: ModelField;
  target: EntityModel;
  label: ModelField;
  /** The referenced row must agree with the written one on this field (dictionary `filterBy`, e.g. the project). */
  filterBy?: { own: ModelField; target: ModelField };
};

const REFERENCES = new WeakMap<EntityModel, readonly SheetReference[]>();

/**
 * The model's `{ entity, valueField: 'id' }` fields whose target is known, with the target's label field.
 * A label field with a field permission (viewAction), without a column or never answered is no label:
 * such a reference stays an id in sheets.
 */
export function sheetReferences(model: EntityModel, entities: ReadonlyMap<string, ResolvedEntity>): readonly SheetReference[] {
  const known = REFERENCES.get(model);
  if (known) return known;
  const out: SheetReference[] = [];
  for (const field of model.fields) {
    const ref = field.dictionary;
    if (sheetLabelOf(field) !== 'row' || !ref || !('entity' in ref)) continue;
    const entity = entities.get(ref.entity);
    if (!entity) continue;
    const target = entity.name === model.entity.name ? model : buildModel(entity);
    const label = target.byName.get(ref.labelField);
    if (target.byName.get(ref.valueField) !== target.idField || !label || label.virtual || label.writeOnly || label.viewAction) continue;
    const own = ref.filterBy ? model.byName.get(ref.filterBy) : undefined;
    const theirs = ref.filterBy ? target.byName.get(ref.filterBy) : undefined;
    out.push({ field, target, label, ...(own && theirs && !theirs.virtual ? { filterBy: { own, target: theirs } } : {}) });
  }
  REFERENCES.set(model, out);
  return out;
}

/** Image and file fields with a column: a sheet holds their files' names. */
const fileFields = (model: EntityModel): ModelField[] => model.stored.filter((f) => sheetLabelOf(f) === 'files');

/** How a sheet joins the names of several files in one cell: one name a line (Alt+Enter in Excel). */
export const FILE_NAME_SEPARATOR = '\n';

const present = (v: unknown): boolean => v !== null && v !== undefined && String(v).trim() !== '';
const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
/** A label column compared as text (a label field may be a number). */
const asText = (field: ModelField) => (field.type === 'string' || field.type === 'text' ? sql.ref(field.column) : sql`${sql.ref(field.column)}::text`);

/** The labels of visible rows of a reference's target, by id. */
async function rowLabels(db: Kysely<Database>, session: SessionContext, ref: SheetReference, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const key = sql.ref(ref.target.idField.column);
  const rows = await dynamicDb(db)
    .selectFrom(ref.target.table)
    .where(visibleRows(ref.target, { db, session }))
    .where(sql<boolean>`${key} in (${sql.join(ids)})`)
    .select([sql<string>`${key}::text`.as('id'), sql<string | null>`${asText(ref.label)}`.as('label')])
    .execute();
  return new Map(rows.filter((r) => present(r.label)).map((r) => [String(r.id), String(r.label)]));
}

/** The uploads' file names, by id. */
async function fileNames(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('uploaded_files').select(['id', 'file_name']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((r) => [String(r.id), r.file_name]));
}

/**
 * Rows as a sheet writes them (export): besides the `labels` of projects and companies, each reference
 * labelled by its row's label field (only a row the caller sees; else the id stays) and each image or
 * file field by its files' names, one a line (a stored text that is no upload address as it is, an
 * upload that is gone as its id). One query per reference field and one for the files, per batch.
 */
export async function sheetLabels(
  db: Kysely<Database>,
  session: SessionContext,
  model: EntityModel,
  entities: ReadonlyMap<string, ResolvedEntity>,
  rows: readonly ApiRow[],
): Promise<ApiRow[]> {
  const references = sheetReferences(model, entities).filter((r) => rows.some((row) => present(row[r.field.name])));
  const files = fileFields(model).filter((f) => rows.some((row) => present(row[f.name])));
  if (references.length === 0 && files.length === 0) return [...rows];
  const labels = new Map<string, Map<string, string>>();
  for (const ref of references) {
    const ids = new Set<string>();
    for (const row of rows) {
      const id = rowId(row[ref.field.name], idColumnOf(ref.target));
      if (id !== null) ids.add(id);
    }
    labels.set(ref.field.name, await rowLabels(db, session, ref, [...ids]));
  }
  const uploads = new Set<string>();
  for (const row of rows) {
    for (const f of files) for (const id of storedAddresses(text(row[f.name])).map(uploadIdOf)) if (id !== null) uploads.add(id);
  }
  const names = await fileNames(db, [...uploads]);
  return rows.map((row) => {
    const own: RowLabels = { ...((row[ROW_LABELS] as RowLabels | undefined) ?? {}) };
    for (const ref of references) {
      const label = labels.get(ref.field.name)?.get(text(row[ref.field.name]));
      if (label !== undefined) own[ref.field.name] = label;
    }
    for (const f of files) {
      const addresses = storedAddresses(text(row[f.name]));
      if (addresses.length === 0) continue;
      own[f.name] = addresses
        .map((address) => {
          const id = uploadIdOf(address);
          return id === null ? address : (names.get(id) ?? id);
        })
        .join(FILE_NAME_SEPARATOR);
    }
    return { ...row, [ROW_LABELS]: own };
  });
}

// ---- import: labels back to ids ----

/** The Chinese answers of a sheet cell that names nothing, or more than one thing. */
export const SHEET_MESSAGES = {
  /** A label naming several rows the caller sees: each named with its 编号, the way out said. */
  ambiguous: (title: string, label: string, candidates: ReadonlyArray<{ id: string; label: string }>) =>
    `${title}“${label}”对应多条记录：${listed(candidates.map((c) => `${c.label}（编号 ${c.id}）`), '条')}，请改用编号`,
  fileUnknown: (title: string, name: string, image: boolean) =>
    `${title}“${name}”不存在或无权使用（只能填写您上传的或本页记录中已有的${image ? '图片' : '文件'}的文件名）`,
  fileAmbiguous: (title: string, name: string, candidates: ReadonlyArray<{ id: string; uploaded: string }>) =>
    `${title}“${name}”对应多个文件：${listed(candidates.map((c) => `${name}（编号 ${c.id}，${c.uploaded}上传）`), '个')}，请改用编号`,
} as const;

const SHOWN = 5;
const listed = (items: readonly string[], unit: string): string =>
  items.length <= SHOWN ? items.join('、') : `${items.slice(0, SHOWN).join('、')}等${items.length}${unit}`;

/** A stored time as China Standard Time to the minute (2026-11-21 18:05). */
const chinaMinute = (at: unknown): string => {
  const date = at instanceof Date ? at : new Date(String(at));
  return Number.isNaN(date.getTime()) ? '' : new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
};

/**
 * What an older export wrote in an upload column (有 / 无 / 3个文件): it names no file, so the cell is
 * taken as not given, as those sheets were read before.
 */
const LEGACY_UPLOAD_CELL = /^(有|无|\d+个文件)$/;
/** Separators a person may type between file names instead of a line break. */
const TYPED_SEPARATORS = /[、,，;；]/;

/** A file cell's lines; each line one name, or names typed with 、 , ; between them. */
function fileLines(cell: string): string[] {
  return cell
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}
const typedParts = (line: string): string[] =>
  line
    .split(TYPED_SEPARATORS)
    .map((p) => p.trim())
    .filter((p) => p !== '');

export type LineFault = { field: string; message: string };

/**
 * Resolves one line's cells of labelled fields in place (names → ids, file names → upload addresses),
 * leaving out each cell that names nothing (so the validator does not report it again) and a legacy
 * upload cell; answers the faults, one per field.
 */
export type SheetResolver = (values: Record<string, unknown>) => LineFault[];

type FileCandidate = { id: string; name: string; image: boolean; own: boolean; uploaded: string };

/**
 * The resolver of an import's lines, with every name looked up once for all lines:
 * - a project or company name within the caller's scope (projects in scope; the current company and its
 *   subsidiaries);
 * - a reference's label among the target rows the caller sees (with `filterBy`, those agreeing with the
 *   line, e.g. the same project);
 * - a file name among the uploads the caller may use: of the current company or one below it (what a
 *   write accepts, file-fields.ts) and uploaded by the caller or already in a row of this entity the
 *   caller sees — never another user's file the caller has not seen in this page; an image field only
 *   images. Several such files of one name: the one already used in the line's project, if exactly one.
 * A label naming one row is its id; several, the line's error naming them (编号 …); none, an id as
 * written (older sheets, and the way out of an ambiguity: the write checks it like any id), else
 * `<title>“<name>”不存在或无权访问`. An upload address is taken as it is (the write checks it).
 */
export async function sheetResolver(
  db: Kysely<Database>,
  session: SessionContext,
  model: EntityModel,
  entities: ReadonlyMap<string, ResolvedEntity>,
  lines: ReadonlyArray<Record<string, unknown>>,
): Promise<SheetResolver> {
  const given = (field: ModelField) => lines.some((l) => present(l[field.name]));
  const cellsOf = (field: ModelField) => new Set(lines.map((l) => text(l[field.name]).trim()).filter((t) => t !== ''));

  // Projects and companies by name.
  const named = labelledFields(model).filter(({ field }) => given(field));
  const nameIds = new Map<NamedTable, Map<string, string[]>>();
  for (const table of new Set(named.map((n) => n.table))) {
    const names = new Set(named.filter((n) => n.table === table).flatMap(({ field }) => [...cellsOf(field)]));
    const visible = table === 'projects' ? projectIdsInScope(db, scopeOf(session)) : subtreeIds(db, session.companyId);
    const found = await db.selectFrom(table).select(['id', 'name']).where('name', 'in', [...names]).where('id', 'in', visible).orderBy('id').execute();
    const byName = new Map<string, string[]>();
    for (const r of found) byName.set(r.name, [...(byName.get(r.name) ?? []), String(r.id)]);
    nameIds.set(table, byName);
  }

  // Other entities' rows by their label.
  const references = sheetReferences(model, entities).filter((r) => given(r.field));
  const rowsByLabel = new Map<string, Map<string, Array<{ id: string; scope: string }>>>();
  for (const ref of references) {
    const labels = [...cellsOf(ref.field)];
    const key = sql.ref(ref.target.idField.column);
    const scope = ref.filterBy ? sql`${sql.ref(ref.filterBy.target.column)}::text` : sql`null::text`;
    const found = await dynamicDb(db)
      .selectFrom(ref.target.table)
      .where(visibleRows(ref.target, { db, session }))
      .where(sql<boolean>`${asText(ref.label)} in (${sql.join(labels)})`)
      .select([sql<string>`${key}::text`.as('id'), sql<string>`${asText(ref.label)}`.as('label'), sql<string | null>`${scope}`.as('scope')])
      .orderBy(key)
      .execute();
    const byLabel = new Map<string, Array<{ id: string; scope: string }>>();
    for (const r of found) byLabel.set(String(r.label), [...(byLabel.get(String(r.label)) ?? []), { id: String(r.id), scope: text(r.scope) }]);
    rowsByLabel.set(ref.field.name, byLabel);
  }

  // Uploads by file name.
  const files = fileFields(model).filter(given);
  const fileNamesWanted = new Set<string>();
  for (const field of files) {
    for (const cell of cellsOf(field)) for (const line of fileLines(cell)) [line, ...typedParts(line)].forEach((n) => fileNamesWanted.add(n));
  }
  const byFileName = new Map<string, FileCandidate[]>();
  const usedIn = new Map<string, Set<string>>();
  if (fileNamesWanted.size > 0) {
    const found = await db
      .selectFrom('uploaded_files')
      .select(['id', 'file_name', 'content_type', 'user_id', 'created_at'])
      .where('file_name', 'in', [...fileNamesWanted])
      .where('company_id', 'in', subtreeIds(db, session.companyId))
      .orderBy('id')
      .execute();
    // Where the candidates are used in rows of this entity the caller sees (and in which project): needed
    // for another user's file, and to choose among several of one name — not for the caller's one file of a name.
    const own = (f: (typeof found)[number]) => Number(f.user_id) === Number(session.user.id);
    const perName = new Map<string, number>();
    for (const f of found) perName.set(f.file_name, (perName.get(f.file_name) ?? 0) + 1);
    const unsure = found.filter((f) => !own(f) || (perName.get(f.file_name) ?? 0) > 1);
    if (unsure.length > 0) {
      const addresses = unsure.map((f) => `${UPLOAD_FILE_PATH}/${f.id}`);
      const wanted = sql`array[${sql.join(addresses)}]::text[]`;
      const project = model.projectColumn ? sql`${sql.ref(model.projectColumn)}::text` : sql`null::text`;
      const used = await dynamicDb(db)
        .selectFrom(model.table)
        .where(visibleRows(model, { db, session }))
        .where(sql<boolean>`(${sql.join(files.map((f) => sql`string_to_array(${sql.ref(f.column)}, ',') && ${wanted}`), sql` or `)})`)
        .select([...files.map((f, i) => sql<string | null>`${sql.ref(f.column)}`.as(`f${i}`)), sql<string | null>`${project}`.as('project')])
        .execute();
      for (const row of used) {
        files.forEach((_, i) => {
          for (const id of storedAddresses(text(row[`f${i}`])).map(uploadIdOf)) {
            if (id !== null) usedIn.set(id, (usedIn.get(id) ?? new Set()).add(text(row.project)));
          }
        });
      }
    }
    for (const f of found) {
      const candidate: FileCandidate = {
        id: String(f.id),
        name: f.file_name,
        image: f.content_type.startsWith('image/'),
        own: own(f),
        uploaded: chinaMinute(f.created_at),
      };
      if (!candidate.own && !usedIn.has(candidate.id)) continue;
      byFileName.set(f.file_name, [...(byFileName.get(f.file_name) ?? []), candidate]);
    }
  }

  return (values) => {
    const faults: LineFault[] = [];
    const refuse = (field: ModelField, message: string) => {
      faults.push({ field: field.name, message });
      delete values[field.name];
    };

    // Names first: a reference's filterBy (the project) is often one of them.
    for (const { field, table } of named) {
      if (!present(values[field.name])) continue;
      const label = text(values[field.name]).trim();
      const ids = nameIds.get(table)?.get(label) ?? [];
      if (ids.length === 1) values[field.name] = ids[0];
      else if (ids.length > 1) refuse(field, SHEET_MESSAGES.ambiguous(field.title, label, ids.map((id) => ({ id, label }))));
      else if (parseId(label) !== null) values[field.name] = label;
      else refuse(field, ENGINE_MESSAGES.labelUnknown(field.title, label));
    }

    for (const ref of references) {
      const { field, filterBy } = ref;
      if (!present(values[field.name])) continue;
      const label = text(values[field.name]).trim();
      const all = rowsByLabel.get(field.name)?.get(label) ?? [];
      const wanted = filterBy ? values[filterBy.own.name] : undefined;
      const fit = filterBy && present(wanted) ? all.filter((c) => c.scope === text(wanted)) : all;
      if (fit.length === 1) values[field.name] = fit[0].id;
      else if (fit.length > 1) refuse(field, SHEET_MESSAGES.ambiguous(field.title, label, fit.map((c) => ({ id: c.id, label }))));
      else if (rowId(label, idColumnOf(ref.target)) !== null) values[field.name] = label;
      else if (all.length > 0 && filterBy) refuse(field, ENGINE_MESSAGES.referenceMismatch(field.title, filterBy.own.title));
      else refuse(field, ENGINE_MESSAGES.labelUnknown(field.title, label));
    }

    const project = model.projectField ? text(values[model.projectField.name]) : '';
    for (const field of files) {
      if (!present(values[field.name])) continue;
      const cell = text(values[field.name]).trim();
      if (LEGACY_UPLOAD_CELL.test(cell)) {
        delete values[field.name];
        continue;
      }
      const image = field.type === 'image';
      const usable = (name: string) => (byFileName.get(name) ?? []).filter((c) => !image || c.image);
      const addresses: string[] = [];
      const problems: string[] = [];
      const one = (name: string) => {
        if (uploadIdOf(name) !== null) return void addresses.push(name);
        const candidates = usable(name);
        const here = candidates.length > 1 && project !== '' ? candidates.filter((c) => usedIn.get(c.id)?.has(project)) : [];
        const chosen = candidates.length === 1 ? candidates[0] : here.length === 1 ? here[0] : undefined;
        if (chosen) addresses.push(`${UPLOAD_FILE_PATH}/${chosen.id}`);
        else if (candidates.length > 1) problems.push(SHEET_MESSAGES.fileAmbiguous(field.title, name, candidates));
        else if (rowId(name) !== null) addresses.push(`${UPLOAD_FILE_PATH}/${name}`);
        else problems.push(SHEET_MESSAGES.fileUnknown(field.title, name, image));
      };
      for (const line of fileLines(cell)) {
        const parts = typedParts(line);
        const whole = uploadIdOf(line) !== null || usable(line).length > 0 || rowId(line) !== null;
        if (whole || parts.length < 2) one(line);
        else parts.forEach(one);
      }
      if (problems.length > 0) refuse(field, problems.join('；'));
      else values[field.name] = addresses.join(',');
    }
    return faults;
  };
}

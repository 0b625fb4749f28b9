// Personal data (PIPL; docs/security-privilege.md "Personal data"): ID numbers (a field with a `mask`, or
// shown `maskId` by a list: 银行卡号) and mobile numbers (format `mobile`). Lists answer them masked as the screen shows them (§5.6: 5110**********123X,
// 138****1234) whoever asks, and so does the detail (issue 29) unless it is asked for `personal=full`, then
// answering what the field permissions allow (the edit form reads it so, routes.ts);
// an export follows the list unless the role holds 导出完整个人信息 (`exportPersonalData`) on the entity's
// page, and such a whole export writes an 操作日志 entry with its row count.
import { EXPORT_PERSONAL_DATA, maskPersonal, personalMask, type PersonalMask } from '../../common/metadata/field-access';
import type { SessionContext } from '../auth/session-context';
import { recordChange } from './audit-trail';
import { rightsOf, type EntityEngine } from './entity-engine';
import { holdsOf, type FieldRights } from './field-rights';
import type { EntityModel, ModelField } from './model';
import type { ApiRow } from './row-codec';

type Personal = { field: ModelField; mask: PersonalMask };
const known = new WeakMap<EntityModel, readonly Personal[]>();

/**
 * The answered fields that are personal data with their masks: a field's own (common/metadata/field-access.ts
 * personalMask), else `idNumber` for a field some page's list shows with the `maskId` display (工资卡's 银行卡号).
 */
export function personalFields(engine: Pick<EntityEngine, 'model' | 'catalog'>): readonly Personal[] {
  const { model } = engine;
  const cached = known.get(model);
  if (cached) return cached;
  const shownMasked = new Set(
    [...(engine.catalog.pages?.values() ?? [])]
      .filter((p) => p.entity === model.entity.name)
      .flatMap((p) => p.list.columns.filter((c) => c.display === 'maskId').map((c) => c.field)),
  );
  const fields = model.fields.flatMap((field): Personal[] => {
    const mask = personalMask(field) ?? (shownMasked.has(field.name) ? 'idNumber' : undefined);
    return mask && !field.writeOnly ? [{ field, mask }] : [];
  });
  known.set(model, fields);
  return fields;
}

/** Personal fields this caller sees in full by the field permissions (a masked or hidden one stays so in any export). */
const seenPersonalFields = (engine: EntityEngine, rights: FieldRights): readonly ModelField[] =>
  personalFields(engine).map((p) => p.field).filter((f) => (rights.get(f.name)?.view ?? 'full') === 'full');

/**
 * Whether this caller's export carries personal data whole: the role holds `exportPersonalData` on the
 * entity's page and group (system administrators hold every button, but not while monitoring, which is
 * read-only: search and export only), and some personal field is seen in full.
 */
export function exportsPersonalData(engine: EntityEngine, session: SessionContext, rights: FieldRights = rightsOf(engine, session)): boolean {
  return seenPersonalFields(engine, rights).length > 0 && holdsOf(engine.model, engine.catalog.menu, session)(EXPORT_PERSONAL_DATA);
}

/** Rows as a list shows them: every personal field masked (a value masked already stays as it is). */
export function maskPersonalRows(engine: EntityEngine, rows: ApiRow[]): ApiRow[] {
  const fields = personalFields(engine);
  if (fields.length === 0) return rows;
  return rows.map((row) => {
    const out = { ...row };
    for (const { field, mask } of fields) if (field.name in out) out[field.name] = maskPersonal(mask, out[field.name]);
    return out;
  });
}

/**
 * The 操作日志 entry of a detail read with personal data whole (`personal=full`, PIPL 个人信息保护法: who saw
 * whose ID or mobile number): who, when, from where, which record and which fields (`查看完整个人信息：
 * 身份证号、手机号码`), never a value. Only when the caller sees some personal field of the record or of its
 * children in full; a detail that answers everything masked writes nothing.
 */
export async function recordReveal(engine: EntityEngine, session: SessionContext, recordId: string, address: string, children: readonly EntityEngine[] = []): Promise<void> {
  const titles = [...new Set([engine, ...children].flatMap((e) => seenPersonalFields(e, rightsOf(e, session)).map((f) => f.title)))];
  if (titles.length === 0) return;
  const { model } = engine;
  await recordChange(engine.db, {
    session,
    entity: { name: model.entity.name, title: model.entity.title },
    recordId,
    action: 'reveal',
    address,
    summary: `查看完整个人信息：${titles.join('、')}`,
    changes: [],
  });
}

/**
 * The 操作日志 entry of an export that carried personal data whole: who, when, from where, which entity,
 * how many rows and which columns (`导出完整个人信息 25 条：身份证号、手机号码`); never a value. An export that
 * failed midway is recorded too, with the rows read until then (`…条（导出中断）：…`).
 */
export async function recordExport(engine: EntityEngine, session: SessionContext, rows: number, address: string, completed = true): Promise<void> {
  const { model } = engine;
  const titles = seenPersonalFields(engine, rightsOf(engine, session)).map((f) => f.title);
  await recordChange(engine.db, {
    session,
    entity: { name: model.entity.name, title: model.entity.title },
    recordId: null,
    action: 'export',
    address,
    summary: `导出完整个人信息 ${rows} 条${completed ? '' : '（导出中断）'}：${titles.join('、')}`,
    changes: [{ field: 'rowCount', title: '导出行数', old: null, new: rows }],
  });
}

// Database constraints as Chinese refusals (docs/metadata.md "Details"): a unique column names its
// field (用户名已存在), a delete of a row other data still refers to is refused with the entity's `inUse`
// text, a reference to a missing row is refused; nothing reaches the client as a 500.
import { uniqueColumns } from '../../common/metadata/columns';
import { ENGINE_MESSAGES } from './messages';
import { FieldRefusal, Refusal } from './errors';
import type { EntityModel } from './model';

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

type DatabaseError = { code?: unknown; detail?: unknown };

/** PostgreSQL (and PGlite) say which key was taken: `Key (user_name)=(qiye01) already exists.` */
const keyColumns = (detail: unknown): string[] => {
  const match = typeof detail === 'string' ? /^Key \(([^)]+)\)=/.exec(detail) : null;
  return match ? match[1].split(',').map((c) => c.trim().replace(/^"|"$/g, '')) : [];
};

/** A taken uniqueness rule (entity `unique`): its message, else `<title of its last field>已存在` (证书编号已存在). */
function uniqueRuleOf(model: EntityModel, columns: readonly string[]): Refusal | null {
  const key = columns.join(',');
  const rule = model.entity.unique?.find((r) => uniqueColumns(model.entity, r).join(',') === key);
  if (!rule) return null;
  const last = model.byName.get(rule.fields[rule.fields.length - 1]);
  const message = rule.message ?? ENGINE_MESSAGES.duplicate(last?.title ?? rule.fields.join('、'));
  return last ? new FieldRefusal(message, last.name) : new Refusal(message);
}

/** The refusal a constraint error stands for, or null when the error is something else. */
export function constraintRefusal(model: EntityModel, error: unknown, action: 'write' | 'delete'): Refusal | null {
  const { code, detail } = (error ?? {}) as DatabaseError;
  if (code === UNIQUE_VIOLATION) {
    const columns = keyColumns(detail);
    const rule = uniqueRuleOf(model, columns);
    if (rule) return rule;
    const field = columns.length === 1 ? model.stored.find((f) => f.column === columns[0]) : undefined;
    return field ? new FieldRefusal(ENGINE_MESSAGES.duplicate(field.title), field.name) : new Refusal(ENGINE_MESSAGES.duplicateRow);
  }
  if (code === FOREIGN_KEY_VIOLATION) {
    return new Refusal(action === 'delete' ? (model.entity.messages?.inUse ?? ENGINE_MESSAGES.inUse) : ENGINE_MESSAGES.referenceMissing);
  }
  return null;
}

// Database constraints as Chinese refusals (docs/metadata.md "Details"): a unique column names its
// field (用户名已存在), a delete of a row other data still refers to is refused with the entity's `inUse`
// text, a reference to a missing row is refused; nothing reaches the client as a 500.
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

/** The refusal a constraint error stands for, or null when the error is something else. */
export function constraintRefusal(model: EntityModel, error: unknown, action: 'write' | 'delete'): Refusal | null {
  const { code, detail } = (error ?? {}) as DatabaseError;
  if (code === UNIQUE_VIOLATION) {
    const columns = keyColumns(detail);
    const field = columns.length === 1 ? model.stored.find((f) => f.column === columns[0]) : undefined;
    return field ? new FieldRefusal(ENGINE_MESSAGES.duplicate(field.title), field.name) : new Refusal(ENGINE_MESSAGES.duplicateRow);
  }
  if (code === FOREIGN_KEY_VIOLATION) {
    return new Refusal(action === 'delete' ? (model.entity.messages?.inUse ?? ENGINE_MESSAGES.inUse) : ENGINE_MESSAGES.referenceMissing);
  }
  return null;
}

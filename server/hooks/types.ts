// Server hooks (architecture §4, docs/metadata.md): what an entity's data cannot say, named by the
// entity's `hooks`. They see field-name rows; a refusal is thrown as an engine Refusal (status 0).
import type { Kysely } from 'kysely';
import type { SessionContext } from '../auth/session-context';
import type { Database } from '../db/schema';
import type { EntityModel } from '../engine/model';

export type HookRow = Record<string, unknown>;
export type HookContext = { db: Kysely<Database>; session: SessionContext; model: EntityModel };

export type EntityHooks = {
  /** Before insert or update, after validation: may fill readOnly fields or refuse. Gets the whole row. */
  beforeWrite?(row: HookRow, ctx: HookContext): Promise<HookRow>;
  /** On every row answered (list, detail, export, the written row). */
  afterRead?(row: HookRow, ctx: HookContext): HookRow;
};

// Server hooks (architecture §4, docs/metadata.md): what an entity's data cannot say, named by the
// entity's `hooks`. They see field-name rows; a refusal is thrown as an engine Refusal (status 0).
import type { Kysely } from 'kysely';
import type { MenuNode } from '../../common/menu-tree';
import type { SessionContext } from '../auth/session-context';
import type { Database } from '../db/schema';
import type { EntityModel } from '../engine/model';

export type HookRow = Record<string, unknown>;
export type HookContext = {
  /** Inside afterWrite and remove: the write's transaction, so a refusal undoes the whole write. */
  db: Kysely<Database>;
  session: SessionContext;
  model: EntityModel;
  /** The whole menu tree (§3.2), e.g. to check role grants against it. */
  menu: readonly MenuNode[];
};

export type WriteAction = 'create' | 'update';

export type EntityHooks = {
  /** Before insert or update, after validation: may fill readOnly fields or refuse. Gets the whole row. */
  beforeWrite?(row: HookRow, ctx: HookContext, action: WriteAction): Promise<HookRow>;
  /** On every row answered (list, detail, export, the written row). */
  afterRead?(row: HookRow, ctx: HookContext): HookRow;
  /**
   * On every batch of answered rows, after afterRead: fills `virtual` fields with one query per batch
   * (never one per row), e.g. a user's role in the current company.
   */
  readRows?(rows: HookRow[], ctx: HookContext): Promise<HookRow[]>;
  /**
   * Inside the write's transaction, after the row is stored (`row` has its id and the values written,
   * virtual fields included): keeps what the row's table cannot hold (memberships, grants).
   */
  afterWrite?(row: HookRow, ctx: HookContext, action: WriteAction): Promise<void>;
  /** Instead of the generic delete of a visible row, inside a transaction (e.g. a user leaves the company). */
  remove?(row: HookRow, ctx: HookContext): Promise<void>;
};

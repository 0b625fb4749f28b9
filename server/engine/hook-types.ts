// Server hooks (architecture §4, docs/metadata.md): what an entity's data cannot say, named by the
// entity's `hooks`. They see field-name rows; a refusal is thrown as an engine Refusal (status 0).
import type { Kysely } from 'kysely';
import type { WorkflowTransition } from '../../common/metadata';
import type { MenuNode } from '../../common/menu-tree';
import type { DictOption } from '../../common/wire';
import type { SessionContext } from '../auth/session-context';
import type { Database } from '../db/schema';
import type { EntityModel } from './model';

export type HookRow = Record<string, unknown>;
export type HookContext = {
  /** Inside afterWrite and remove: the write's transaction, so a refusal undoes the whole write. */
  db: Kysely<Database>;
  session: SessionContext;
  model: EntityModel;
  /** The whole menu tree (§3.2), e.g. to check role grants against it. */
  menu: readonly MenuNode[];
  /** A code table by name (§3.5), e.g. to name a value in a message. */
  dictionary: (name: string) => readonly DictOption[] | undefined;
};

export type WriteAction = 'create' | 'update';

/** Every way a row changes: written, audited, deleted, or linked to / unlinked from another row (relations). */
export type ChangeAction = WriteAction | 'audit' | 'delete' | 'link' | 'transition';

export type RowChange = {
  action: ChangeAction;
  /** The stored row (field names), null on create. */
  before: HookRow | null;
  /** The validated field values the change writes (virtual fields included): all of a new row, the sent ones of an update. */
  values: HookRow;
  /**
   * On link: the relation whose links change and the ids added and removed. `side` 'own' means this row is
   * the relation's owner (a role group's roles); 'linked' that this row is added or removed (a role put
   * into a group, a user put on a project).
   */
  link?: { relation: string; side: 'own' | 'linked'; add: readonly string[]; remove: readonly string[] };
  /** On transition: the workflow transition's name (values hold the new state and the filled fields). */
  transition?: string;
};

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
  /**
   * Before any change of a row (create, update and named patches, audit, delete, link) and outside the
   * write: refuses, by throwing a Refusal, what the caller may not do to this row or may not write into
   * it (e.g. docs/security-privilege.md: nobody administers a user holding more than they hold).
   */
  checkChange?(change: RowChange, ctx: HookContext): Promise<void>;
  /** Instead of the generic delete of a visible row, inside a transaction (e.g. a user leaves the company). */
  remove?(row: HookRow, ctx: HookContext): Promise<void>;
};

/** A named transition hook (docs/metadata.md "Workflows"); `ctx.db` is the transition's transaction. */
export type TransitionChange = {
  transition: WorkflowTransition;
  /** The record's id. */
  id: string;
  /** The stored row before the move (field names). */
  before: HookRow;
  /** What the move wrote: the new state and the filled fields. */
  values: HookRow;
};

/** `ctx.db` is the transition's transaction. */
export type TransitionHook = (change: TransitionChange, ctx: HookContext) => Promise<void>;

// A role's permission tree (§6: page → function group → buttons), edited as the virtual json field
// `grants` and kept in role_grants. Saving checks every node against the menu tree (schemas/menus.json):
// an unknown node is refused, and a node the role did not have before must be one the editor holds
// (the tree GET /api/Menu/GetGrantableTree offers), so nobody grants more than they have. Nodes the
// menu no longer has are dropped. A role that ends up holding the whole menu is a full role and gets
// later nodes too (server/platform/full-roles.ts). Role names are unique within the company. A role holding
// a grant the editor does not hold is not theirs to edit, delete or put into a group (privileges.ts).
import type { Kysely } from 'kysely';
import { allIds } from '../../common/menu-tree';
import type { Database } from '../db/schema';
import { coversMenu, unseenNodes } from '../platform/full-roles';
import { menuFor } from '../platform/permissions';
import { FieldRefusal, Refusal } from '../engine/errors';
import { ENGINE_MESSAGES } from '../engine/messages';
import { firstUnheld, PRIVILEGE_MESSAGES, VERBS } from '../auth/privileges';
import type { EntityHooks, HookContext, HookRow } from '../engine/hook-types';

export const ROLE_MESSAGES = {
  unknownNode: (id: string) => `权限节点不存在：${id}`,
  notHeld: (id: string) => `不能授予您自己没有的权限：${id}`,
} as const;

const GRANTS = 'grants';
/** The virtual field of the nodes added to the menu since the role was last saved. */
const NEW_NODES = 'newNodes';

async function grantsOf(db: Kysely<Database>, roleIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return out;
  const rows = await db.selectFrom('role_grants').select(['role_id', 'node_id']).where('role_id', 'in', roleIds).orderBy('node_id').execute();
  for (const r of rows) out.get(r.role_id)?.push(r.node_id);
  return out;
}

/** The grants to store, or a refusal naming the first node that may not be granted. */
async function checkedGrants(row: HookRow, { db, session, menu }: HookContext): Promise<string[]> {
  const sent = (row[GRANTS] as unknown[]).map(String);
  const menuIds = new Set(allIds(menu));
  const before = new Set(row.id === undefined ? [] : ((await grantsOf(db, [Number(row.id)])).get(Number(row.id)) ?? []));
  const held = new Set(allIds(menuFor(menu, session.grants, false)));
  for (const id of sent) {
    if (before.has(id)) continue;
    if (!menuIds.has(id)) throw new FieldRefusal(ROLE_MESSAGES.unknownNode(id), GRANTS);
    if (!held.has(id)) throw new FieldRefusal(ROLE_MESSAGES.notHeld(id), GRANTS);
  }
  return [...new Set(sent.filter((id) => menuIds.has(id)))];
}

export const roleHooks: EntityHooks = {
  async checkChange({ action, before }, { db, session }) {
    if (!before) return;
    const id = Number(before.id);
    if (firstUnheld(session, (await grantsOf(db, [id])).get(id) ?? []) !== undefined) throw new Refusal(PRIVILEGE_MESSAGES.roleHolds(VERBS[action]));
  },

  async beforeWrite(row, ctx) {
    const { db, session } = ctx;
    if (typeof row.name === 'string') {
      let same = db.selectFrom('roles').select('id').where('company_id', '=', session.companyId).where('name', '=', row.name);
      if (row.id !== undefined) same = same.where('id', '<>', Number(row.id));
      if (await same.executeTakeFirst()) throw new FieldRefusal(ENGINE_MESSAGES.duplicate('角色名称'), 'name');
    }
    return Array.isArray(row[GRANTS]) ? { ...row, [GRANTS]: await checkedGrants(row, ctx) } : row;
  },

  /**
   * Each role's grants as JSON text (json fields answer text, §3.3), and the menu nodes added since it was
   * last saved (`newNodes`, 新 in the role editor): one query each per batch.
   */
  async readRows(rows, { db, menu }) {
    const ids = rows.map((r) => Number(r.id));
    const grants = await grantsOf(db, ids);
    const seen = ids.length ? await db.selectFrom('roles').select(['id', 'menu_seen']).where('id', 'in', ids).execute() : [];
    const seenBy = new Map(seen.map((r) => [r.id, r.menu_seen]));
    const menuIds = allIds(menu);
    return rows.map((r) => ({
      ...r,
      [GRANTS]: JSON.stringify(grants.get(Number(r.id)) ?? []),
      [NEW_NODES]: JSON.stringify(unseenNodes(seenBy.get(Number(r.id)) ?? null, menuIds)),
    }));
  },

  async afterWrite(row, { db, menu }) {
    if (!Array.isArray(row[GRANTS])) return;
    const roleId = Number(row.id);
    const grants = row[GRANTS] as string[];
    await db.deleteFrom('role_grants').where('role_id', '=', roleId).execute();
    if (grants.length > 0) await db.insertInto('role_grants').values(grants.map((node_id) => ({ role_id: roleId, node_id }))).execute();
    // Saved in the editor: the role has now seen every node of today's menu (nothing is 新 any more).
    await db
      .updateTable('roles')
      .set({ all_nodes: coversMenu(new Set(grants), new Set(allIds(menu))), menu_seen: JSON.stringify(allIds(menu)) })
      .where('id', '=', roleId)
      .execute();
  },
};

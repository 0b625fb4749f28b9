// Full roles (docs/decisions.md "Grants on old databases"): a role marked all_nodes holds every node of
// the menu, also nodes schemas/menus.json gains after the role was made. Grants stay explicit rows (what
// the role editor shows and what login reads), so at each start the nodes a full role lacks are added.
// Saving a role in the editor keeps the mark only while it still holds every node (server/hooks/role.ts).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Adds the missing menu nodes to every full role; answers how many grants were added. */
export async function expandFullRoles(db: Kysely<Database>, menuIds: ReadonlySet<string>): Promise<number> {
  if (menuIds.size === 0) return 0;
  const nodes = sql.join([...menuIds].map((id) => sql`(${id})`));
  const result = await sql`insert into role_grants (role_id, node_id)
    select r.id, n.node_id from roles r cross join (values ${nodes}) as n(node_id)
    where r.all_nodes
    on conflict do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Whether a set of grants covers the whole menu (the role stays or becomes a full role). */
export const coversMenu = (grants: ReadonlySet<string>, menuIds: ReadonlySet<string>): boolean =>
  [...menuIds].every((id) => grants.has(id));

/**
 * Roles that never recorded the menu they have seen (made before migration 008, or by the demo seed) take
 * the menu of today: from now on, nodes schemas/menus.json adds are 新 for them in the role editor.
 */
export async function recordMenuSeen(db: Kysely<Database>, menuIds: ReadonlySet<string>): Promise<number> {
  const result = await db.updateTable('roles').set({ menu_seen: JSON.stringify([...menuIds]) }).where('menu_seen', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Menu nodes a role has not seen (added to schemas/menus.json since it was last saved). */
export function unseenNodes(menuSeen: string | null, menuIds: readonly string[]): string[] {
  if (menuSeen === null) return [];
  const seen = new Set(JSON.parse(menuSeen) as string[]);
  return menuIds.filter((id) => !seen.has(id));
}

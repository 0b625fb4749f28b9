// Role grants (§6): a role holds menu node ids and button ids `<node>:<action>`; '*' grants all.
import type { Kysely } from 'kysely';
import { filterByGrants, type MenuNode } from '../../common/menu-tree';
import type { Database } from '../db/schema';

export const ALL = '*';

/** Buttons kept in monitoring mode, which is read-only (§1, §4). */
const READ_ONLY_ACTIONS = new Set(['search', 'export']);

export const hasGrant = (grants: ReadonlySet<string>, id: string): boolean => grants.has(ALL) || grants.has(id);

/** Grants of the user's role in a company; system administrators hold everything. */
export async function grantsIn(
  db: Kysely<Database>,
  user: { id: number; is_system_admin: boolean },
  companyId: number,
): Promise<Set<string>> {
  if (user.is_system_admin) return new Set([ALL]);
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('role_grants', 'role_grants.role_id', 'memberships.role_id')
    .select('role_grants.node_id')
    .where('memberships.user_id', '=', user.id)
    .where('memberships.company_id', '=', companyId)
    .execute();
  return new Set(rows.map((r) => r.node_id));
}

/** The menu a role sees; in monitoring mode only read buttons stay, matching the server's 402. */
export function menuFor(menu: readonly MenuNode[], grants: ReadonlySet<string>, readOnly: boolean): MenuNode[] {
  const tree = filterByGrants(menu, grants);
  return readOnly ? dropWriteButtons(tree) : tree;
}

function dropWriteButtons(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes
    .filter((n) => !n.isButton || READ_ONLY_ACTIONS.has(n.path))
    .map((n) => ({ ...n, children: dropWriteButtons(n.children) }));
}

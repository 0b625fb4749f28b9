// Grants in JSON (docs/configuring-pages.md "Grants in JSON"): a node of schemas/menus.json may name the
// roles that get its page, by the role's name as 角色管理 shows it, with all or some of its actions. At each
// start every role of that name (in any company) gets the listed nodes it was not given before — on a new
// database after the demo seed, on an existing one as well — and the ledger menu_grants_applied remembers
// them, so an administrator who takes a grant away keeps it away. Login reads role_grants as before.
import { sql, type Kysely } from 'kysely';
import type { MenuGrant } from '../../common/menu-tree';
import type { Database } from '../db/schema';

/** Gives each role named in `grants` the nodes it was never given; answers how many grants were added. */
export async function applyMenuGrants(db: Kysely<Database>, grants: readonly MenuGrant[], menuIds: ReadonlySet<string>): Promise<number> {
  let added = 0;
  for (const { role, nodes } of grants) {
    const known = [...new Set(nodes)].filter((id) => menuIds.has(id));
    if (known.length === 0) continue;
    const values = sql.join(known.map((id) => sql`(${id})`));
    await db.transaction().execute(async (trx) => {
      // The pairs not yet in the ledger, for every role of that name.
      const fresh = sql`select r.id as role_id, n.node_id from roles r cross join (values ${values}) as n(node_id)
        where r.name = ${role} and not exists (select 1 from menu_grants_applied a where a.role_id = r.id and a.node_id = n.node_id)`;
      const given = await sql`insert into role_grants (role_id, node_id) ${fresh} on conflict do nothing`.execute(trx);
      added += Number(given.numAffectedRows ?? 0);
      await sql`insert into menu_grants_applied (role_id, node_id) ${fresh} on conflict do nothing`.execute(trx);
    });
  }
  return added;
}

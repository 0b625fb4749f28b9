// The menu tree a role editor may grant from (docs/metadata.md "Permission tree", *ours*): the caller's
// own tree (§3.2: page → function group → buttons) in the normalised form, so nobody is offered a node
// they do not hold themselves; system administrators get the whole tree. The same rule is enforced when
// grants are saved (server/hooks/role.ts).
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../common/constants';
import { ok } from '../../common/envelope';
import { withoutAliases } from '../../common/menu-tree';
import type { AppContext } from '../app-context';
import { sessionOf } from '../auth/session-context';
import { menuFor } from '../platform/permissions';

export const MENU_TREE_PATH = `${API_BASE}/api/Menu/GetGrantableTree`;

export function menuTreeRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get(MENU_TREE_PATH, { config: { readOnly: true } }, async (request) => ok(withoutAliases(menuFor(ctx.catalog.menu, sessionOf(request).grants, false))));
}

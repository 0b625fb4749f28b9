// Role groups (§7.2 角色组): a group whose roles hold a grant the editor does not hold is not theirs to
// edit, delete or change the roles of (docs/security-privilege.md). Roles added to a group are checked by
// the role hook (each linked role's checkChange).
import { Refusal } from '../engine/errors';
import { firstUnheld, PRIVILEGE_MESSAGES } from '../auth/privileges';
import type { EntityHooks } from '../engine/hook-types';

export const roleGroupHooks: EntityHooks = {
  async checkChange({ action, before }, { db, session }) {
    if (!before) return;
    const grants = await db
      .selectFrom('role_group_members as m')
      .innerJoin('role_grants as g', 'g.role_id', 'm.role_id')
      .select('g.node_id')
      .distinct()
      .where('m.group_id', '=', Number(before.id))
      .execute();
    if (firstUnheld(session, grants.map((g) => g.node_id)) !== undefined) {
      throw new Refusal(PRIVILEGE_MESSAGES.groupHolds(action === 'delete' ? '删除' : '修改'));
    }
  },
};

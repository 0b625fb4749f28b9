// §7.2 user management (CreateUser, editUser, deleteUser, AuditUser) over the platform table users, for
// what data cannot say: the password is hashed (and a changed one ends the user's sessions); role and
// department live in the user's membership of the current company (virtual fields roleId and
// departmentName), and the role must be one of this company's; a new user joins the current company and
// is passed (audit status 2) since an administrator made it; deleting a user takes them out of the
// current company, and erases the account once it belongs to no company. Who may do which of these to
// whom is user-privileges.ts.
import { sql, type Kysely } from 'kysely';
import { ROW_LABELS } from '../../common/field-types';
import { hashPassword } from '../auth/password';
import { passwordWasReset } from '../platform/password-reset';
import type { Database } from '../db/schema';
import { FieldRefusal, Refusal } from '../engine/errors';
import { ENGINE_MESSAGES } from '../engine/messages';
import { isCompanyRole } from '../auth/privileges';
import type { EntityHooks, HookRow } from '../engine/hook-types';
import { checkUserChange } from './user-privileges';

/** §3.5 audit status 2 审核通过. */
const AUDIT_PASSED = 2;

export const USER_MESSAGES = {
  deleteSelf: '不能删除当前登录的用户',
  deleteAdmin: '不能删除系统管理员',
} as const;

const userId = (row: HookRow): number => Number(row.id);

async function endSessions(db: Kysely<Database>, id: number, companyId?: number): Promise<void> {
  let query = db.updateTable('sessions').set({ revoked_at: sql<Date>`now()` }).where('user_id', '=', id).where('revoked_at', 'is', null);
  if (companyId !== undefined) query = query.where('company_id', '=', companyId);
  await query.execute();
}

export const userHooks: EntityHooks = {
  /** Nobody administers a user holding more than they hold (user-privileges.ts, docs/security-privilege.md). */
  checkChange: checkUserChange,

  async beforeWrite(row, { db, session, model }, action) {
    const out: HookRow = { ...row };
    if (typeof row.password === 'string' && row.password !== '') out.password = await hashPassword(row.password);
    if (action === 'create') out.auditStatus = AUDIT_PASSED;
    if (row.roleId !== null && row.roleId !== undefined && !(await isCompanyRole(db, row.roleId, session.companyId))) {
      const field = model.byName.get('roleId');
      throw new FieldRefusal(ENGINE_MESSAGES.referenceOutOfScope(field?.title ?? '角色'), 'roleId');
    }
    return out;
  },

  /** Role and department of each user in the current company: one query per batch. */
  async readRows(rows, { db, session }) {
    const ids = rows.map(userId).filter(Number.isSafeInteger);
    const memberships = ids.length
      ? await db
          .selectFrom('memberships as m')
          .leftJoin('roles as r', 'r.id', 'm.role_id')
          .select(['m.user_id', 'm.role_id', 'm.department_name', 'r.name as role_name'])
          .where('m.company_id', '=', session.companyId)
          .where('m.user_id', 'in', ids)
          .execute()
      : [];
    const byUser = new Map(memberships.map((m) => [m.user_id, m]));
    return rows.map((r) => {
      const m = byUser.get(userId(r));
      // The role's name as the row's label (docs/metadata.md "Labels"): also a role the list of this
      // company's roles does not hold, such as the platform's 系统管理员.
      const labels = m?.role_name ? { [ROW_LABELS]: { roleId: m.role_name } } : {};
      return { ...r, roleId: m?.role_id ?? null, departmentName: m?.department_name ?? '', ...labels };
    });
  },

  async afterWrite(row, { db, session }, action) {
    const id = userId(row);
    const role = row.roleId === undefined ? undefined : row.roleId === null ? null : Number(row.roleId);
    const department = typeof row.departmentName === 'string' ? row.departmentName : undefined;
    if (action === 'create') {
      await db
        .insertInto('memberships')
        .values({ user_id: id, company_id: session.companyId, role_id: role ?? null, department_name: department ?? '' })
        .execute();
      await db.updateTable('users').set({ default_company_id: session.companyId }).where('id', '=', id).execute();
      return;
    }
    if (role !== undefined || department !== undefined) {
      await db
        .updateTable('memberships')
        .set({ ...(role !== undefined ? { role_id: role } : {}), ...(department !== undefined ? { department_name: department } : {}) })
        .where('user_id', '=', id)
        .where('company_id', '=', session.companyId)
        .execute();
    }
    // A password set by an administrator ends the user's sessions, as the user's own change does (§7.2).
    if (typeof row.password === 'string') {
      await endSessions(db, id);
      // 忘记密码 (server/platform/password-reset.ts): the account's pending requests handled, the user told.
      await passwordWasReset(db, id, session);
    }
  },

  async remove(row, { db, session }) {
    const id = userId(row);
    if (id === session.user.id) throw new Refusal(USER_MESSAGES.deleteSelf);
    const user = await db.selectFrom('users').select('is_system_admin').where('id', '=', id).executeTakeFirst();
    if (user?.is_system_admin) throw new Refusal(USER_MESSAGES.deleteAdmin);
    await db.deleteFrom('memberships').where('user_id', '=', id).where('company_id', '=', session.companyId).execute();
    await endSessions(db, id, session.companyId);
    const left = await db.selectFrom('memberships').select('id').where('user_id', '=', id).executeTakeFirst();
    if (!left) await db.deleteFrom('users').where('id', '=', id).execute();
  },
};

// User administration that cannot escalate (docs/security-privilege.md): what a user holds (system
// administration, authority type, area, this company's role grants, projects, watched companies, other
// companies) against what the acting administrator holds. Used by the user, role and role-group hooks;
// their refusals, in Chinese, are all here.
import { sql, type Kysely } from 'kysely';
import { scopeOf, type SessionContext } from './session-context';
import type { Database, UsersTable } from '../db/schema';
import { subtreeIds } from '../platform/companies';
import { hasGrant } from '../platform/permissions';
import { areaPrefix, projectIdsInScope } from '../platform/projects';
import type { ChangeAction } from '../engine/hook-types';

export type AuthType = UsersTable['user_auth_type'];

export const PRIVILEGE_MESSAGES = {
  systemAdmin: (verb: string) => `无权${verb}系统管理员`,
  targetType: (verb: string, type: string) => `无权${verb}${type}类型的用户`,
  targetHolds: (verb: string, what: string) => `无权${verb}该用户：该用户拥有您没有的${what}`,
  otherCompanyPassword: '不能修改其他单位用户的密码',
  otherCompanyField: (title: string) => `不能修改其他单位用户的${title}`,
  otherCompanyAudit: '不能审核其他单位的用户',
  otherCompanyLink: '不能调整其他单位用户的项目',
  setType: (type: string) => `无权设置用户类型：${type}`,
  setArea: '无权设置监管区域',
  areaOutside: '监管区域超出您的管辖范围',
  roleNotHeld: '不能分配拥有您没有的权限的角色',
  roleHolds: (verb: string) => `无权${verb}该角色：该角色拥有您没有的权限`,
  groupHolds: (verb: string) => `无权${verb}该角色组：组内角色拥有您没有的权限`,
} as const;

export const VERBS: Readonly<Record<ChangeAction, string>> = { create: '创建', update: '修改', audit: '审核', delete: '删除', link: '调整', transition: '变更状态' };

/**
 * The authority types each type may create and administer: an enterprise user enterprise and project
 * users (a project user's linked projects are a subset of the company's), a government user government
 * users (within its area), a project user project users.
 */
export const MANAGED_TYPES: Readonly<Record<AuthType, readonly AuthType[]>> = { '0': ['0', '2'], '1': ['1'], '2': ['2'] };

export const isSystemAdmin = (session: SessionContext): boolean => session.user.is_system_admin;

/** An area code the actor holds: a six-digit code under the actor's own (government users only). */
export function withinArea(actor: SessionContext, code: string): boolean {
  const prefix = actor.user.user_auth_type === '1' ? areaPrefix(actor.user.auth_area_code) : '';
  return prefix !== '' && /^\d{6}$/.test(code) && code.startsWith(prefix);
}

/** The first grant of `grants` the actor does not hold, if any. */
export const firstUnheld = (actor: SessionContext, grants: Iterable<string>): string | undefined => {
  for (const g of grants) if (!hasGrant(actor.grants, g)) return g;
  return undefined;
};

/** The role is one of the company's own (roles.company_id). */
export async function isCompanyRole(db: Kysely<Database>, roleId: unknown, companyId: number): Promise<boolean> {
  const id = Number(roleId);
  if (!Number.isSafeInteger(id)) return false;
  return (await db.selectFrom('roles').select('id').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst()) !== undefined;
}

/** Grants of the given roles, one query. */
export async function grantsOfRoles(db: Kysely<Database>, roleIds: readonly number[]): Promise<string[]> {
  const ids = roleIds.filter(Number.isSafeInteger);
  if (ids.length === 0) return [];
  return (await db.selectFrom('role_grants').select('node_id').distinct().where('role_id', 'in', ids).execute()).map((r) => r.node_id);
}

/** What a user holds that an administrator's own holding is compared with. */
export type Holding = {
  isSystemAdmin: boolean;
  authType: AuthType;
  areaCode: string;
  /** The role in the actor's current company, null when none. */
  roleHere: number | null;
  /** Member of companies other than the actor's current one. */
  otherCompanies: boolean;
};

export async function holdingOf(db: Kysely<Database>, userId: number, companyId: number): Promise<Holding | null> {
  const user = await db.selectFrom('users').select(['is_system_admin', 'user_auth_type', 'auth_area_code']).where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  const memberships = await db.selectFrom('memberships').select(['company_id', 'role_id']).where('user_id', '=', userId).execute();
  return {
    isSystemAdmin: user.is_system_admin,
    authType: user.user_auth_type,
    areaCode: user.auth_area_code,
    roleHere: memberships.find((m) => m.company_id === companyId)?.role_id ?? null,
    otherCompanies: memberships.some((m) => m.company_id !== companyId),
  };
}

/** A project of the user's (user_projects) outside the actor's project scope. */
export async function holdsForeignProject(db: Kysely<Database>, actor: SessionContext, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_projects')
    .select('project_id')
    .where('user_id', '=', userId)
    .where('project_id', 'not in', projectIdsInScope(db, scopeOf(actor)))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A watched company of the user's (monitoring, §1) the actor cannot reach: not in the current company's
 * subtree, not one of the actor's companies, not watched by the actor.
 */
export async function holdsForeignWatch(db: Kysely<Database>, actor: SessionContext, userId: number): Promise<boolean> {
  const reach = sql<number>`(${subtreeIds(db, actor.companyId)}) union (select company_id from memberships where user_id = ${actor.user.id}) union (select company_id from watch_companies where user_id = ${actor.user.id})`;
  const row = await db
    .selectFrom('watch_companies')
    .select('company_id')
    .where('user_id', '=', userId)
    .where(sql<boolean>`company_id not in (${reach})`)
    .executeTakeFirst();
  return row !== undefined;
}

// Everything the client is told about "the user in this company": the company, the membership's
// department, the company path, the role-filtered menu and the watch list (§3.1, §7.2 UpdateUserRedis).
import type { Kysely } from 'kysely';
import type { MenuNode } from '../../common/menu-tree';
import type { CompanyRow, Database, UserRow } from '../db/schema';
import type { Catalog } from './catalog';
import { companyById, fullPath, membershipsOf, watchCompaniesOf, type CompanyRef, type Membership } from './companies';
import { grantsIn, menuFor } from './permissions';

export type CompanyView = {
  company: CompanyRow;
  /** The membership whose role applies: in this company, or the original company while monitoring. */
  membership: Membership | null;
  memberships: Membership[];
  fullDepartmentPath: string;
  menu: MenuNode[];
  watch: CompanyRef[];
  monitoring: boolean;
};

/**
 * The system administrator may switch to any company (company-switch.ts) — to keep its roles and users in
 * 角色管理 and 用户管理 there — so its company list offers every company: its own memberships first, then the
 * others by name, as 系统管理员 without a department.
 */
async function withEveryCompany(db: Kysely<Database>, memberships: Membership[]): Promise<Membership[]> {
  const own = new Set(memberships.map((m) => m.companyId));
  const others = await db.selectFrom('companies').select(['id', 'name']).orderBy('id').execute();
  return [
    ...memberships,
    ...others.filter((c) => !own.has(c.id)).map((c) => ({ id: 0, companyId: c.id, companyName: c.name, departmentName: '', roleName: '系统管理员' })),
  ];
}

export async function companyView(
  db: Kysely<Database>,
  catalog: Catalog,
  user: UserRow,
  companyId: number,
  monitoring: { originalCompanyId: number } | null,
): Promise<CompanyView | null> {
  const company = await companyById(db, companyId);
  if (!company) return null;
  const roleCompanyId = monitoring ? monitoring.originalCompanyId : companyId;
  const [memberships, watch, path, grants] = await Promise.all([
    membershipsOf(db, user.id),
    watchCompaniesOf(db, user.id),
    fullPath(db, companyId),
    grantsIn(db, user, roleCompanyId),
  ]);
  return {
    company,
    membership: memberships.find((m) => m.companyId === roleCompanyId) ?? null,
    memberships: user.is_system_admin ? await withEveryCompany(db, memberships) : memberships,
    fullDepartmentPath: path,
    menu: menuFor(catalog.menu, grants, monitoring !== null),
    watch,
    monitoring: monitoring !== null,
  };
}

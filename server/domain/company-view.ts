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
    memberships,
    fullDepartmentPath: path,
    menu: menuFor(catalog.menu, grants, monitoring !== null),
    watch,
    monitoring: monitoring !== null,
  };
}

// OrgNode of docs/api.md QueryOrgList: flat, the client builds the tree (§3.4).
import type { OrgNode } from '../../common/wire';
import type { CompanyRow } from '../db/schema';

export const toOrgNode = (c: CompanyRow, memberIds: ReadonlySet<number>): OrgNode => ({
  id: String(c.id),
  pId: c.parent_id === null ? null : String(c.parent_id),
  companyname: c.name,
  companyType: c.company_type,
  isMember: memberIds.has(c.id),
});

// Publishing a system notice (§7.4): the publisher is the current company, set by the server; reading
// state and the unread badge stay with server/platform/notices.ts, which shows a company's notices to the
// members of that company and of its subsidiaries.
import { companyById } from '../platform/companies';
import type { EntityHooks } from '../engine/hook-types';

export const sysNoticeHooks: EntityHooks = {
  async beforeWrite(row, { db, session }, action) {
    if (action !== 'create') return row;
    const company = await companyById(db, session.companyId);
    return { ...row, publisher: company?.name ?? '' };
  },
};

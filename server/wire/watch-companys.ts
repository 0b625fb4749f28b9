// Watch company of §3.4 in wire form.
import type { WatchCompany } from '../../common/wire';
import type { CompanyRef } from '../platform/companies';

export const toWatchCompanys = (watch: readonly CompanyRef[]): WatchCompany[] =>
  watch.map((c) => ({ companyID: String(c.id), companyName: c.name }));

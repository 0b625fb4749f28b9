// Company switch and monitoring (§4, §7.2 UpdateUserRedis): a normal switch goes to a member company
// (system administrators to any company, as they pick from the full list, §6); `monitor` enters a
// watch company read-only and remembers the original company. A refused switch changes nothing.
import type { CompanySwitchResult } from '../../common/wire';
import type { AppContext } from '../app-context';
import { recordSessionEvent, switched } from '../auth/audit-events';
import { updateSession } from '../auth/sessions';
import type { SessionContext } from '../auth/session-context';
import { SERVER_MESSAGES } from '../messages';
import { toCompanySwitchResult } from '../wire/company-switch';
import { companyById, membershipsOf, watchCompaniesOf } from './companies';
import { companyView } from './company-view';
import { parseId } from './ids';
import { firstProjectInScope, projectInScope, type ScopeSubject } from './projects';

export type SwitchRequest = { companyId: string; monitor: boolean; projectId?: string };
export type SwitchOutcome = { ok: true; result: CompanySwitchResult } | { ok: false; detail: string };

const refuse = (detail: string): SwitchOutcome => ({ ok: false, detail });

export async function switchCompany({ db, catalog }: AppContext, session: SessionContext, req: SwitchRequest): Promise<SwitchOutcome> {
  const { user } = session;
  const companyId = parseId(req.companyId);
  let monitoring: { originalCompanyId: number } | null = null;

  if (req.monitor) {
    const watched = await watchCompaniesOf(db, user.id);
    if (companyId === null || !watched.some((c) => c.id === companyId)) return refuse(SERVER_MESSAGES.notWatched);
    monitoring = { originalCompanyId: session.monitoring && session.originalCompanyId !== null ? session.originalCompanyId : session.companyId };
  } else {
    if (companyId === null) return refuse(SERVER_MESSAGES.notMember);
    const member = (await membershipsOf(db, user.id)).some((m) => m.companyId === companyId);
    if (!member && !(user.is_system_admin && (await companyById(db, companyId)))) return refuse(SERVER_MESSAGES.notMember);
  }

  const view = await companyView(db, catalog, user, companyId, monitoring);
  if (!view) return refuse(SERVER_MESSAGES.companyMissing);

  const scope: ScopeSubject = {
    userId: user.id,
    userAuthType: user.user_auth_type,
    authAreaCode: user.auth_area_code,
    companyId,
    monitoring: monitoring !== null,
  };
  // Keep the asked-for (or current) project when it is still in scope; a project user falls back
  // to their first project (§2.6), everyone else to none.
  const wanted = req.projectId ? parseId(req.projectId) : session.projectId;
  const kept = wanted !== null ? await projectInScope(db, scope, wanted) : null;
  const project = kept ?? (user.user_auth_type === '2' ? await firstProjectInScope(db, scope) : null);

  const from = await companyById(db, session.companyId);
  await db.transaction().execute(async (trx) => {
    await updateSession(trx, session.sessionId, {
      companyId,
      projectId: project?.id ?? null,
      monitoring: monitoring !== null,
      originalCompanyId: monitoring?.originalCompanyId ?? null,
    });
    // The row belongs to the company left (the one whose log the user acted in).
    const change = switched('company', '当前公司', { id: session.companyId, name: from?.name }, { id: companyId, name: view.company.name });
    await recordSessionEvent(trx, session, monitoring ? 'monitor' : 'switchCompany', [change]);
  });
  return { ok: true, result: toCompanySwitchResult(user, view, project?.id ?? null) };
}

// §7.2 the signed-in user: profile, own details, company switch / monitoring, project switch.
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../../common/envelope';
import type { CompanySwitchRequest, ModifyMyInfoRequest, ProjectSwitchResult } from '../../common/wire';
import type { AppContext } from '../app-context';
import { updateSession } from '../auth/sessions';
import { scopeOf, sessionOf, type SessionContext } from '../auth/session-context';
import { switchCompany } from '../domain/company-switch';
import { parseId } from '../domain/ids';
import { loadProfile, updateProfile } from '../domain/profile';
import { checkProfile } from '../domain/profile-rules';
import { projectInScope } from '../domain/projects';
import { body, idText, query, text } from '../http/schemas';
import { SERVER_MESSAGES } from '../messages';
import { toUserProfile } from '../wire/profile';
import { PATHS } from './paths';

const myInfoBody = body({ realName: text(16), mobile: text(11), email: text(100) }, ['realName', 'mobile', 'email']);
const switchBody = body(
  {
    GlobalProjectID: idText,
    company_id: text(20, 1),
    company_name: text(100),
    monitor: { type: 'integer', enum: [0, 1] },
  },
  ['company_id'],
);
const projectBody = body({ GlobalProjectID: idText }, ['GlobalProjectID']);

const roleCompanyOf = (s: SessionContext): number => (s.monitoring && s.originalCompanyId !== null ? s.originalCompanyId : s.companyId);

export async function erpUserRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const profileOf = async (session: SessionContext) => {
    const profile = await loadProfile(ctx.db, session.user.id, session.companyId, roleCompanyOf(session));
    if (!profile) throw new Error(`session ${session.sessionId} has no user`);
    return toUserProfile(profile);
  };

  app.get(PATHS.userInfo, { schema: { querystring: query({}) }, config: { readOnly: true } }, async (request) => ok(await profileOf(sessionOf(request))));

  app.post<{ Body: ModifyMyInfoRequest }>(PATHS.modifyMyInfo, { schema: { body: myInfoBody } }, async (request) => {
    const session = sessionOf(request);
    const change = { realName: request.body.realName.trim(), mobile: request.body.mobile.trim(), email: request.body.email.trim() };
    const broken = checkProfile(change);
    if (broken) return fail(broken);
    await updateProfile(ctx.db, session.user.id, change);
    return ok(await profileOf(session), SERVER_MESSAGES.saved);
  });

  app.post<{ Body: CompanySwitchRequest }>(PATHS.switchCompany, { schema: { body: switchBody }, config: { monitoringWritable: true } }, async (request) => {
    const outcome = await switchCompany(ctx, sessionOf(request), {
      companyId: request.body.company_id,
      monitor: request.body.monitor === 1,
      projectId: request.body.GlobalProjectID,
    });
    return outcome.ok ? ok(outcome.result) : fail(outcome.detail);
  });

  app.post<{ Body: { GlobalProjectID: string } }>(PATHS.switchProject, { schema: { body: projectBody }, config: { monitoringWritable: true } }, async (request) => {
    const session = sessionOf(request);
    const wanted = request.body.GlobalProjectID;
    // An empty id clears the current project (back to company level).
    if (wanted.trim() === '') {
      await updateSession(ctx.db, session.sessionId, { projectId: null });
      return ok<ProjectSwitchResult>({ GlobalProjectID: '', projectName: '' });
    }
    const id = parseId(wanted);
    const project = id === null ? null : await projectInScope(ctx.db, scopeOf(session), id);
    if (!project) return fail(SERVER_MESSAGES.projectOutOfScope);
    await updateSession(ctx.db, session.sessionId, { projectId: project.id });
    return ok<ProjectSwitchResult>({ GlobalProjectID: String(project.id), projectName: project.name });
  });
}

// §7.2 the signed-in user: profile, own details (ModifyMyInfo, and Employee/ModifyEmployee the same), company
// switch / monitoring, project switch, the default company of the next login (PCUpdateDefaultUser).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, ok } from '../../common/envelope';
import type { CompanySwitchRequest, ModifyMyInfoRequest, ProjectSwitchResult } from '../../common/wire';
import { normaliseMobile } from '../../common/validators';
import type { AppContext } from '../app-context';
import type { Kysely } from 'kysely';
import { recordSessionEvent, switched, USER_SUBJECT } from '../auth/audit-events';
import { updateSession } from '../auth/sessions';
import { scopeOf, sessionOf, type SessionContext } from '../auth/session-context';
import type { Database } from '../db/schema';
import { companyById, membershipsOf } from '../platform/companies';
import { switchCompany } from '../platform/company-switch';
import { parseId } from '../platform/ids';
import { loadProfile, updateProfile } from '../platform/profile';
import { checkProfile } from '../platform/profile-rules';
import { projectInScope } from '../platform/projects';
import { recordChange } from '../engine/audit-trail';
import { body, idText, query, text } from '../http/schemas';
import { SERVER_MESSAGES } from '../messages';
import { toUserProfile } from '../wire/profile';
import { PATHS } from '../http/paths';

// The mobile number as typed (+86 138 1234 5678), stored as its 11 digits (common/validators.ts normaliseMobile).
const myInfoBody = body({ realName: text(16), mobile: text(20), email: text(100) }, ['realName', 'mobile', 'email']);
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
const defaultCompanyBody = body({ company_id: text(20) }, ['company_id']);
const DEFAULT_COMPANY_FIELDS = [{ name: 'defaultCompany', title: '默认单位' }];

/** The session's project changes with its audit row, in one transaction. */
async function switchProject(db: Kysely<Database>, session: SessionContext, project: { id: number; name: string } | null): Promise<void> {
  const from = session.projectId === null ? undefined : await db.selectFrom('projects').select('name').where('id', '=', session.projectId).executeTakeFirst();
  await db.transaction().execute(async (trx) => {
    await updateSession(trx, session.sessionId, { projectId: project?.id ?? null });
    const change = switched('project', '当前项目', { id: session.projectId, name: from?.name }, { id: project?.id ?? null, name: project?.name });
    await recordSessionEvent(trx, session, 'switchProject', [change]);
  });
}

/** The fields 个人信息 edits, as the audit trail names them (the user entity's titles). */
const PROFILE_FIELDS = [
  { name: 'realName', title: '姓名' },
  { name: 'mobile', title: '手机号码' },
  { name: 'email', title: '电子邮箱' },
];

const roleCompanyOf = (s: SessionContext): number => (s.monitoring && s.originalCompanyId !== null ? s.originalCompanyId : s.companyId);

export async function erpUserRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const profileOf = async (session: SessionContext) => {
    const profile = await loadProfile(ctx.db, session.user.id, session.companyId, roleCompanyOf(session));
    if (!profile) throw new Error(`session ${session.sessionId} has no user`);
    return toUserProfile(profile);
  };

  app.get(PATHS.userInfo, { schema: { querystring: query({}) }, config: { readOnly: true } }, async (request) => ok(await profileOf(sessionOf(request))));

  const modifyOwnInfo = async (request: FastifyRequest<{ Body: ModifyMyInfoRequest }>) => {
    const session = sessionOf(request);
    const change = { realName: request.body.realName.trim(), mobile: normaliseMobile(request.body.mobile.trim()), email: request.body.email.trim() };
    const broken = checkProfile(change);
    if (broken) return fail(broken);
    await ctx.db.transaction().execute(async (trx) => {
      await updateProfile(trx, session.user.id, change);
      const { user } = session;
      const before = { realName: user.real_name, mobile: user.mobile, email: user.email };
      await recordChange(trx, { session, entity: { ...USER_SUBJECT, fields: PROFILE_FIELDS }, recordId: user.id, action: 'update', before, after: change });
    });
    return ok(await profileOf(session), SERVER_MESSAGES.saved);
  };
  app.post<{ Body: ModifyMyInfoRequest }>(PATHS.modifyMyInfo, { schema: { body: myInfoBody } }, modifyOwnInfo);
  // The employee's own record (docs/api.md): any user id in the body is not read, so nobody edits another's.
  app.post<{ Body: ModifyMyInfoRequest }>(PATHS.modifyEmployee, { schema: { body: myInfoBody } }, modifyOwnInfo);

  app.post<{ Body: { company_id: string } }>(PATHS.updateDefaultUser, { schema: { body: defaultCompanyBody }, config: { monitoringWritable: true } }, async (request) => {
    const session = sessionOf(request);
    const { user } = session;
    const wanted = request.body.company_id.trim();
    let company: { id: number; name: string } | null = null;
    if (wanted !== '') {
      const id = parseId(wanted);
      const found = id === null ? null : await companyById(ctx.db, id);
      if (!found) return fail(SERVER_MESSAGES.companyMissing);
      const member = user.is_system_admin || (await membershipsOf(ctx.db, user.id)).some((m) => m.companyId === found.id);
      if (!member) return fail(SERVER_MESSAGES.notMember);
      company = found;
    }
    const current = await ctx.db.selectFrom('users').select('default_company_id').where('id', '=', user.id).executeTakeFirstOrThrow();
    const before = current.default_company_id === null ? null : await companyById(ctx.db, current.default_company_id);
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ default_company_id: company?.id ?? null }).where('id', '=', user.id).execute();
      await recordChange(trx, {
        session,
        entity: { ...USER_SUBJECT, fields: DEFAULT_COMPANY_FIELDS },
        recordId: user.id,
        action: 'update',
        before: { defaultCompany: before?.name ?? '' },
        after: { defaultCompany: company?.name ?? '' },
      });
    });
    return company
      ? ok({ companyId: String(company.id), companyName: company.name }, SERVER_MESSAGES.defaultCompanySet)
      : ok({ companyId: '', companyName: '' }, SERVER_MESSAGES.defaultCompanyCleared);
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
      await switchProject(ctx.db, session, null);
      return ok<ProjectSwitchResult>({ GlobalProjectID: '', projectName: '' });
    }
    const id = parseId(wanted);
    const project = id === null ? null : await projectInScope(ctx.db, scopeOf(session), id);
    if (!project) return fail(SERVER_MESSAGES.projectOutOfScope);
    await switchProject(ctx.db, session, project);
    return ok<ProjectSwitchResult>({ GlobalProjectID: String(project.id), projectName: project.name });
  });
}

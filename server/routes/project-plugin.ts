// §7.4 "by-user-without-token" of the project plugin endpoints (docs/workbench.md "Project plugins").
// A plugin service (§7.1: the device and plugin client sends no credentials) asks which modules the
// projects of a user have enabled, without the user's access token. Not an open door: the call must
// carry a ticket the server signed for that very user (GetUserTicket, behind login, valid 2 h), naming
// the user it shows and expiring; a wrong, altered, expired or other user's ticket answers nothing but
// 凭证无效或已过期. The answer is the non-sensitive minimum: project id and name, the enabled plugins.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { API_BASE } from '../../common/constants';
import { fail, ok } from '../../common/envelope';
import type { AppContext } from '../app-context';
import { sessionOf, type SessionContext } from '../auth/session-context';
import type { Database } from '../db/schema';
import { projectsInScope } from '../platform/projects';
import { idText, query, text } from '../http/schemas';

export const PROJECT_PLUGIN_PATHS = {
  ticket: `${API_BASE}/api/ProjectPlugin/GetUserTicket`,
  byUser: `${API_BASE}/api/ProjectPlugin/GetListByUserNoToken`,
} as const;
export const PROJECT_PLUGIN_MESSAGES = { badTicket: '凭证无效或已过期' } as const;
export const TICKET_TTL_MS = 2 * 60 * 60 * 1000;

const KEY_NAME = 'project-plugin-ticket-hmac';
const keys = new WeakMap<Kysely<Database>, Promise<Buffer>>();

function ticketKey(db: Kysely<Database>): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db.insertInto('server_secrets').values({ name: KEY_NAME, value: randomBytes(32).toString('base64') }).onConflict((oc) => oc.column('name').doNothing()).execute();
      const row = await db.selectFrom('server_secrets').select('value').where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
      return Buffer.from(row.value, 'base64');
    })();
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

/** What a ticket signs: the user, the company whose scope it shows, its expiry. */
const payloadOf = (userId: string, companyId: string, expires: string) => `plugins.${userId}.${companyId}.${expires}`;
const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload, 'utf8').digest('base64url');

export async function issueTicket(db: Kysely<Database>, session: SessionContext, now = Date.now()) {
  const expires = String(now + TICKET_TTL_MS);
  const userId = String(session.user.id);
  const companyId = String(session.companyId);
  return { user_id: userId, company_id: companyId, expires, sign: sign(await ticketKey(db), payloadOf(userId, companyId, expires)) };
}

async function ticketValid(db: Kysely<Database>, q: TicketQuery, now = Date.now()): Promise<boolean> {
  const expires = Number(q.expires);
  if (!q.user_id || !q.company_id || !q.sign || !/^\d{1,15}$/.test(q.expires ?? '') || !(expires > now) || expires > now + TICKET_TTL_MS) return false;
  const expected = Buffer.from(sign(await ticketKey(db), payloadOf(q.user_id, q.company_id, q.expires as string)));
  const given = Buffer.from(q.sign);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type TicketQuery = { user_id?: string; company_id?: string; expires?: string; sign?: string };
const ticketQuery = query({ user_id: idText, company_id: idText, expires: text(15), sign: text(64) });

/** The enabled plugins of the projects the user sees in that company (the same scope as WhereProjectList). */
async function pluginsOfUser(db: Kysely<Database>, userId: number, companyId: number) {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user || user.org_data_authority_type === 0) return [];
  // The ticket's company must still be the user's: a user who left it sees nothing of it.
  const member = await db.selectFrom('memberships').select('user_id').where('user_id', '=', userId).where('company_id', '=', companyId).executeTakeFirst();
  if (!member) return [];
  const scope = { userId, userAuthType: user.user_auth_type, authAreaCode: user.auth_area_code, companyId, monitoring: false };
  const { rows } = await projectsInScope(db, scope, { index: 0, size: 500 });
  if (rows.length === 0) return [];
  const plugins = await (db as unknown as Kysely<Record<string, { project_id: number; plugin_code: string; enabled: boolean; if_del: number; id: number }>>)
    .selectFrom('project_plugin')
    .select(['project_id', 'plugin_code'])
    .where('project_id', 'in', rows.map((r) => r.id))
    .where('enabled', '=', true)
    .where('if_del', '=', 0)
    .orderBy('project_id')
    .orderBy('plugin_code')
    .execute();
  return rows.map((p) => ({
    projectId: String(p.id),
    projectName: p.name,
    plugins: plugins.filter((x) => Number(x.project_id) === Number(p.id)).map((x) => x.plugin_code),
  }));
}

export async function projectPluginRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const names = new Map((ctx.catalog.dictionaries.get('projectPlugin') ?? []).map((o) => [o.xuHao, o.selContent]));
  app.get(
    PROJECT_PLUGIN_PATHS.ticket,
    { schema: { querystring: query({}) }, config: { readOnly: true, summary: '项目插件：签发本人的免登录查询凭证（2 小时）' } },
    async (request) => ok(await issueTicket(ctx.db, sessionOf(request))),
  );
  app.get<{ Querystring: TicketQuery }>(
    PROJECT_PLUGIN_PATHS.byUser,
    { schema: { querystring: ticketQuery }, config: { public: true, readOnly: true, summary: '项目插件：按用户查询已启用插件（免登录，须带签名凭证）' } },
    async (request) => {
      if (!(await ticketValid(ctx.db, request.query))) return fail(PROJECT_PLUGIN_MESSAGES.badTicket);
      const projects = await pluginsOfUser(ctx.db, Number(request.query.user_id), Number(request.query.company_id));
      return ok(projects.map((p) => ({ ...p, plugins: p.plugins.map((code) => ({ code, name: names.get(code) ?? code })) })));
    },
  );
}


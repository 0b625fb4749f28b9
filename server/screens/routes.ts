// The large-screen statistics API (docs/screens-api.md): §7.5 TyScreen/GetSbwb_wbtj, GetSbgl_sbtj,
// GetSbgl_sbzxqk, one aggregated call per screen (EnterpriseOverview and SCREENS below, the roster page)
// and the Stream of update events (stream-hub.ts). Every answer is scoped to the caller's projects (server/screens/scope.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_BASE } from '../../common/constants';
import { fail, ok, pageInfoOf } from '../../common/envelope';
import type { AppContext } from '../app-context';
import { scopeOf, sessionOf } from '../auth/session-context';
import type { Listen } from '../db/connect';
import { SERVER_MESSAGES } from '../messages';
import { body, idText, pageIndex, pageSize, query, text } from '../http/schemas';
import type { ScreenAnswer, ScreenContext } from './context';
import { danger } from './danger';
import { dangersTower, deviceCount } from './device-count';
import { projectOverview } from './project-overview';
import { projectPersonnel } from './project-personnel';
import { deviceStats, maintenanceStats, onlineByProject } from './device-stats';
import { enterpriseOverview, type Dictionaries } from './enterprise-overview';
import { engineering } from './engineering';
import { environment } from './environment';
import { environMonitoring } from './environ-monitoring';
import { greenConstruction } from './green-construction';
import { concretePlant } from './concrete-plant';
import { buildPersonnel } from './personnel';
import { platformWarning } from './platform-warning';
import { projectManagements } from './project-management';
import { qualitySafety } from './quality-safety';
import { report } from './report';
import { rosterPage, type RosterQuery } from './roster';
import { scheduleManagement } from './schedule';
import type { ScreenCompanyQuery } from './company-scope';
import { OutOfScope, screenProjects, type ProjectIds } from './scope';
import { notifyFeed, pollingFeed } from './change-feed';
import { isScreen, type StreamOptions } from './stream';
import { StreamHub } from './stream-hub';
import { projectCar, slag } from './spoil';
import { supervisoryOverview, supervisoryPersonnel } from './supervisory';
import { siteChecks } from './site-checks';
import { screenTables } from './tables';
import { tested } from './tested';
import { testing } from './testing';
import { vehicle } from './vehicle';
import { videoMonitor } from './video';
import { warning } from './warning';
import { tunnel } from './tunnel';
import { projectFeatures } from './project-features';
import { aiRecognition } from './ai-recognition';

const BASE = `${API_BASE}/api/TyScreen`;

/** One GET per screen, named like the screen: `/prod-api/api/TyScreen/<name>`. */
export const SCREENS = {
  ProjectManagements: projectManagements,
  BuildPersonnel: buildPersonnel,
  VideoMonitor: videoMonitor,
  Danger: danger,
  QualitySafety: qualitySafety,
  Environment: environment,
  Vehicle: vehicle,
  Tested: tested,
  Report: report,
  Warning: warning,
  SupervisoryOverview: supervisoryOverview,
  SupervisoryPersonnel: supervisoryPersonnel,
  ConcretePlant: concretePlant,
  DeviceCount: deviceCount,
  DangersTower: dangersTower,
  ProjectOverview: projectOverview,
  Testing: testing,
  Slag: slag,
  ProjectCar: projectCar,
  SiteChecks: siteChecks,
  EnvironMonitoring: environMonitoring,
  GreenConstruction: greenConstruction,
  ScheduleManagement: scheduleManagement,
  ProjectPersonnel: projectPersonnel,
  PlatformWarning: platformWarning,
  Engineering: engineering,
  Tunnel: tunnel,
  AiRecognition: aiRecognition,
} satisfies Record<string, ScreenAnswer<unknown>>;
export type ScreenName = keyof typeof SCREENS;

export const SCREEN_PATHS = {
  maintenance: `${BASE}/GetSbwb_wbtj`,
  devices: `${BASE}/GetSbgl_sbtj`,
  online: `${BASE}/GetSbgl_sbzxqk`,
  enterpriseOverview: `${BASE}/EnterpriseOverview`,
  roster: `${BASE}/Roster`,
  projectFeatures: `${BASE}/ProjectFeatures`,
  stream: `${BASE}/Stream`,
} as const;
export const screenPath = (name: ScreenName): string => `${BASE}/${name}`;

/** `pjctid1` narrows a screen to one project of the caller's scope, enterpid1 / poctent1 / governmentid1 to a company's (§2.4). */
const scopedQuery = query({ pjctid1: idText, enterpid1: idText, poctent1: idText, governmentid1: idText });
type ScopedQuery = ScreenCompanyQuery & { pjctid1?: string };
const scopedBody = body({ pjctid1: idText });
const rosterQuery = query({
  pjctid1: idText,
  index: pageIndex,
  size: pageSize(20, 100),
  keyword: text(16),
  onSite: { type: 'boolean' },
});

/** `listen`: PostgreSQL's LISTEN (server/db/connect.ts), null on PGlite. */
export type ScreenRouteOptions = { ctx: AppContext; stream?: StreamOptions; listen?: Listen | null };

export async function screenRoutes(app: FastifyInstance, { ctx, stream, listen }: ScreenRouteOptions): Promise<void> {
  const t = screenTables(ctx.catalog);
  const dictionary = (name: string) => ctx.catalog.dictionaries.get(name) ?? [];
  const dict: Dictionaries = {
    projectStatus: dictionary('projectStatus'),
    deviceKind: dictionary('monitorDeviceKind'),
    alarmKind: dictionary('alarmKind'),
    alarmLevel: dictionary('alarmLevel'),
  };

  /** Runs `answer` over the caller's projects; a project outside the scope is refused. */
  const scoped = async <T>(
    request: Parameters<typeof sessionOf>[0],
    projectId: string | undefined,
    answer: (p: ProjectIds) => Promise<T>,
    company: ScreenCompanyQuery = {},
  ) => {
    try {
      return ok(await answer(await screenProjects(ctx.db, sessionOf(request), projectId, company)));
    } catch (error) {
      if (error instanceof OutOfScope) return fail(SERVER_MESSAGES.projectOutOfScope);
      throw error;
    }
  };

  app.post<{ Body: { pjctid1?: string } }>(SCREEN_PATHS.maintenance, { schema: { body: scopedBody }, config: { readOnly: true } }, (request) =>
    scoped(request, request.body?.pjctid1, (p) => maintenanceStats(ctx.db, t, p)),
  );
  app.get<{ Querystring: { pjctid1?: string } }>(SCREEN_PATHS.devices, { schema: { querystring: scopedQuery }, config: { readOnly: true } }, (request) =>
    scoped(request, request.query.pjctid1, (p) => deviceStats(ctx.db, t, p, dict.deviceKind)),
  );
  app.get<{ Querystring: { pjctid1?: string } }>(SCREEN_PATHS.online, { schema: { querystring: scopedQuery }, config: { readOnly: true } }, (request) =>
    scoped(request, request.query.pjctid1, (p) => onlineByProject(ctx.db, t, p)),
  );
  app.get<{ Querystring: ScopedQuery }>(SCREEN_PATHS.enterpriseOverview, { schema: { querystring: scopedQuery }, config: { readOnly: true } }, (request) =>
    scoped(request, request.query.pjctid1, (p) => enterpriseOverview(ctx.db, t, p, dict), request.query),
  );

  const screenContext = (): ScreenContext => ({ db: ctx.db, t, dict: dictionary, now: new Date() });
  /** The context of a screen call: the caller's scope, and whether the call named one project (pjctid1). */
  const callerContext = (request: Parameters<typeof sessionOf>[0] & { query: { pjctid1?: string } }): ScreenContext => ({
    ...screenContext(),
    who: scopeOf(sessionOf(request)),
    narrowed: (request.query.pjctid1 ?? '').trim() !== '',
  });
  for (const [name, answer] of Object.entries(SCREENS) as Array<[ScreenName, ScreenAnswer<unknown>]>) {
    app.get<{ Querystring: ScopedQuery }>(screenPath(name), { schema: { querystring: scopedQuery }, config: { readOnly: true } }, (request) =>
      scoped(
        request,
        request.query.pjctid1,
        (p) => answer(callerContext(request), p),
        request.query,
      ),
    );
  }

  // What the projects in scope have data for (the project header's entries); not a screen, so no stream.
  app.get<{ Querystring: ScopedQuery }>(SCREEN_PATHS.projectFeatures, { schema: { querystring: scopedQuery }, config: { readOnly: true } }, (request) =>
    scoped(request, request.query.pjctid1, (p) => projectFeatures(callerContext(request), p), request.query),
  );

  app.get<{ Querystring: RosterQuery & { pjctid1?: string } }>(SCREEN_PATHS.roster, { schema: { querystring: rosterQuery }, config: { readOnly: true } }, async (request) => {
    const q = request.query;
    try {
      const page = await rosterPage(screenContext(), await screenProjects(ctx.db, sessionOf(request), q.pjctid1), q);
      return ok(page.rows, '', pageInfoOf(q.index, q.size, page.total));
    } catch (error) {
      if (error instanceof OutOfScope) return fail(SERVER_MESSAGES.projectOutOfScope);
      throw error;
    }
  });

  // ---- Stream ----
  // One change feed and one hub per process (stream-hub.ts); app.close() ends every stream first.
  const pollMs = stream?.pollMs ?? 3000;
  const feed = listen ? await notifyFeed(ctx.db, listen, t, Math.min(pollMs, 100), app.log) : pollingFeed(ctx.db, t, pollMs, app.log);
  const hub = new StreamHub(ctx.db, t, feed, { heartbeatMs: stream?.heartbeatMs ?? 15_000, onCompute: stream?.onCompute }, app.log);
  app.addHook('preClose', () => hub.close());

  const streamQuery = query({ screen: text(50, 1) }, ['screen']);
  app.get<{ Querystring: { screen: string } }>(
    SCREEN_PATHS.stream,
    { schema: { querystring: streamQuery }, config: { cookieAuth: true, readOnly: true } },
    async (request, reply: FastifyReply) => {
      const screen = request.query.screen;
      if (!isScreen(screen)) return fail(`未知的大屏：${screen}`);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      await hub.open(screen, scopeOf(sessionOf(request)), res);
    },
  );
}

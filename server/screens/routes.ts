// The large-screen statistics API (docs/screens-api.md): §7.5 TyScreen/GetSbwb_wbtj, GetSbgl_sbtj,
// GetSbgl_sbzxqk, one aggregated call per screen (EnterpriseOverview and SCREENS below, the roster page)
// and the Stream of update events. Every answer is scoped to the caller's projects (server/screens/scope.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_BASE } from '../../common/constants';
import { fail, ok, pageInfoOf } from '../../common/envelope';
import type { AppContext } from '../app-context';
import { sessionOf } from '../auth/session-context';
import { SERVER_MESSAGES } from '../messages';
import { body, idText, pageIndex, pageSize, query, text } from '../http/schemas';
import type { ScreenAnswer, ScreenContext } from './context';
import { danger } from './danger';
import { deviceStats, maintenanceStats, onlineByProject } from './device-stats';
import { enterpriseOverview, type Dictionaries } from './enterprise-overview';
import { environment } from './environment';
import { buildPersonnel } from './personnel';
import { projectManagements } from './project-management';
import { qualitySafety } from './quality-safety';
import { report } from './report';
import { rosterPage, type RosterQuery } from './roster';
import { OutOfScope, screenProjects, type ProjectIds } from './scope';
import { changedPanels, isScreen, panelsOf, readVersions, sourcesOf, type StreamOptions } from './stream';
import { supervisoryOverview, supervisoryPersonnel } from './supervisory';
import { screenTables } from './tables';
import { tested } from './tested';
import { vehicle } from './vehicle';
import { videoMonitor } from './video';
import { warning } from './warning';

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
} satisfies Record<string, ScreenAnswer<unknown>>;
export type ScreenName = keyof typeof SCREENS;

export const SCREEN_PATHS = {
  maintenance: `${BASE}/GetSbwb_wbtj`,
  devices: `${BASE}/GetSbgl_sbtj`,
  online: `${BASE}/GetSbgl_sbzxqk`,
  enterpriseOverview: `${BASE}/EnterpriseOverview`,
  roster: `${BASE}/Roster`,
  stream: `${BASE}/Stream`,
} as const;
export const screenPath = (name: ScreenName): string => `${BASE}/${name}`;

/** `pjctid1` narrows a screen to one project of the caller's scope (§2.4). */
const scopedQuery = query({ pjctid1: idText });
const scopedBody = body({ pjctid1: idText });
const rosterQuery = query({
  pjctid1: idText,
  index: pageIndex,
  size: pageSize(20, 100),
  keyword: text(16),
  onSite: { type: 'boolean' },
});

export type ScreenRouteOptions = { ctx: AppContext; stream?: StreamOptions };

export async function screenRoutes(app: FastifyInstance, { ctx, stream }: ScreenRouteOptions): Promise<void> {
  const t = screenTables(ctx.catalog);
  const dictionary = (name: string) => ctx.catalog.dictionaries.get(name) ?? [];
  const dict: Dictionaries = {
    projectStatus: dictionary('projectStatus'),
    deviceKind: dictionary('monitorDeviceKind'),
    alarmKind: dictionary('alarmKind'),
    alarmLevel: dictionary('alarmLevel'),
  };

  /** Runs `answer` over the caller's projects; a project outside the scope is refused. */
  const scoped = async <T>(request: Parameters<typeof sessionOf>[0], projectId: string | undefined, answer: (p: ProjectIds) => Promise<T>) => {
    try {
      return ok(await answer(await screenProjects(ctx.db, sessionOf(request), projectId)));
    } catch (error) {
      if (error instanceof OutOfScope) return fail(SERVER_MESSAGES.projectOutOfScope);
      throw error;
    }
  };

  app.post<{ Body: { pjctid1?: string } }>(SCREEN_PATHS.maintenance, { schema: { body: scopedBody } }, (request) =>
    scoped(request, request.body?.pjctid1, (p) => maintenanceStats(ctx.db, t, p)),
  );
  app.get<{ Querystring: { pjctid1?: string } }>(SCREEN_PATHS.devices, { schema: { querystring: scopedQuery } }, (request) =>
    scoped(request, request.query.pjctid1, (p) => deviceStats(ctx.db, t, p, dict.deviceKind)),
  );
  app.get<{ Querystring: { pjctid1?: string } }>(SCREEN_PATHS.online, { schema: { querystring: scopedQuery } }, (request) =>
    scoped(request, request.query.pjctid1, (p) => onlineByProject(ctx.db, t, p)),
  );
  app.get<{ Querystring: { pjctid1?: string } }>(SCREEN_PATHS.enterpriseOverview, { schema: { querystring: scopedQuery } }, (request) =>
    scoped(request, request.query.pjctid1, (p) => enterpriseOverview(ctx.db, t, p, dict)),
  );

  const screenContext = (): ScreenContext => ({ db: ctx.db, t, dict: dictionary, now: new Date() });
  for (const [name, answer] of Object.entries(SCREENS) as Array<[ScreenName, ScreenAnswer<unknown>]>) {
    app.get<{ Querystring: { pjctid1?: string } }>(screenPath(name), { schema: { querystring: scopedQuery } }, (request) =>
      scoped(request, request.query.pjctid1, (p) => answer(screenContext(), p)),
    );
  }

  app.get<{ Querystring: RosterQuery & { pjctid1?: string } }>(SCREEN_PATHS.roster, { schema: { querystring: rosterQuery } }, async (request) => {
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
  const pollMs = stream?.pollMs ?? 3000;
  const heartbeatMs = stream?.heartbeatMs ?? 15_000;
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });

  const streamQuery = query({ screen: text(50, 1) }, ['screen']);
  app.get<{ Querystring: { screen: string } }>(
    SCREEN_PATHS.stream,
    { schema: { querystring: streamQuery }, config: { cookieAuth: true } },
    async (request, reply: FastifyReply) => {
      const screen = request.query.screen;
      if (!isScreen(screen)) return fail(`未知的大屏：${screen}`);
      const sources = sourcesOf(screen);
      let versions = await readVersions(ctx.db, t, sources);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (event: string, data: unknown) => {
        if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      send('ready', { screen, panels: panelsOf(screen) });

      let polling = false;
      const poll = setInterval(() => {
        if (polling) return;
        polling = true;
        readVersions(ctx.db, t, sources)
          .then((next) => {
            const panels = changedPanels(screen, versions, next);
            versions = next;
            if (panels.length > 0) send('update', { screen, panels, updatedAt: new Date().toISOString() });
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'screen stream poll failed'))
          .finally(() => {
            polling = false;
          });
      }, pollMs);
      const heartbeat = setInterval(() => send('heartbeat', { at: new Date().toISOString() }), heartbeatMs);

      const close = () => {
        clearInterval(poll);
        clearInterval(heartbeat);
        open.delete(close);
        if (!res.writableEnded) res.end();
      };
      open.add(close);
      request.raw.on('close', close);
      res.on('close', close);
    },
  );
}

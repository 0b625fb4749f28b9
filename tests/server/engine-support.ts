// Helpers of the generic-engine tests: endpoint URLs taken from the entity schemas (docs/metadata.md),
// the §3.3 save payload as the browser sends it, projects by number, monitoring, and multipart bodies.
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../common/constants';
import type { CompanySwitchResult, LoginResult, ProjectListItem } from '../../common/wire';
import { loadCatalog } from '../../server/platform/catalog';
import { buildModel } from '../../server/engine/model';
import { PROJECTS } from '../../server/seed/demo-data';
import { call, PATHS } from './helpers';

export const catalog = loadCatalog();

export function entityModel(name: string) {
  const entity = catalog.entities.get(name);
  if (!entity) throw new Error(`no entity ${name} in schemas/entities`);
  return buildModel(entity);
}

type Action = 'list' | 'detail' | 'create' | 'update' | 'delete' | 'export' | 'import';

/** `/prod-api/api/<base>/<name>` of an entity's action, from its schema (DEFAULT_API filled in). */
export function endpoint(entityName: string, action: Action): string {
  const { api } = entityModel(entityName);
  return `${API_BASE}/api/${api.base}/${api[action]}`;
}

export const TEMPLATE = 'InspectionTemplate';
export const DEVICE = 'RoutInspManage';

export const questionGroups = (typeName: string) => [
  {
    typeName,
    serNum: '1',
    content: [
      {
        question: '起重量限制器是否灵敏可靠',
        answer: [
          { id: '1', name: '合格', value: '1', childList: [] },
          { id: '2', name: '不合格', value: '2', childList: [] },
        ],
      },
    ],
  },
];

/** The §3.3 save payload, question lists as JSON strings, envelope fields merged as the client does. */
export function templatePayload(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    answer_list: '',
    company_name: '别的公司',
    content_name: '塔吊日常巡检表',
    project_name: '别的项目',
    project_id: '',
    content_type: '巡检',
    description: '塔式起重机日常巡检',
    device_type: '塔式起重机',
    fromplat: 'pc',
    other_list: JSON.stringify(questionGroups('安全装置')),
    machinery_list: JSON.stringify(questionGroups('运行')),
    repair_list: '[]',
    maintain_list: '[]',
    question_limit: 0,
    question_order: 0,
    question_type: 1,
    rec_id: '',
    user_id: '1',
    user_name: 'qiye01',
    wid: 11,
    token: 'service-token',
    ...over,
  };
}

/** A project's id as the caller's project list names it, by its number in the demo data. */
export async function projectId(app: FastifyInstance, token: string, projectNo: string): Promise<string> {
  const reply = await call<ProjectListItem[]>(app, 'GET', PATHS.projectList, { token, query: { index: 0, size: 500 } });
  const name = PROJECTS.find((p) => p.no === projectNo)?.name;
  const hit = reply.body.data?.find((p) => p.projectPosInfo.projectName === name);
  if (!hit) throw new Error(`project ${projectNo} is not in this user's list`);
  return hit.projectPosInfo.id;
}

/** duogongsi enters monitoring of a watched company (§7.2 UpdateUserRedis monitor 1). */
export async function enterMonitoring(app: FastifyInstance, token: string, result: LoginResult, companyName: string): Promise<void> {
  const watched = result.watchCompanys.find((w) => w.companyName === companyName);
  if (!watched) throw new Error(`${companyName} is not watched`);
  const reply = await call<CompanySwitchResult>(app, 'POST', PATHS.switchCompany, {
    token,
    body: { company_id: watched.companyID, company_name: watched.companyName, monitor: 1 },
  });
  if (reply.body.status !== 1) throw new Error(`monitoring refused: ${JSON.stringify(reply.body)}`);
}

export type FilePart = { field?: string; name: string; type: string; data: Buffer };

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipart(fields: Record<string, string>, file?: FilePart): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----engineTestBoundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POSTs a multipart body with the caller's bearer token; answers the parsed envelope. */
export async function postMultipart(app: FastifyInstance, url: string, token: string, body: ReturnType<typeof multipart>) {
  const raw = await app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}`, fromplat: 'pc' } });
  return { status: raw.statusCode, body: raw.json() as { status: number; detail: string; code?: number; data?: unknown } };
}

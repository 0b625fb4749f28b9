// The back office's BIM models (docs/share-links.md): the projects in scope with their model (BIM模型
// page), the upload of a project's IFC file (上传模型: its edit action; at most BIM_MAX_BYTES, really IFC),
// and the file for the console's own viewer. Scope is the projects' (server/platform/projects.ts).
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../../common/envelope';
import { BIM_MAX_BYTES, BIM_PATHS, BIM_UPLOAD_PERMISSION, SHARE_MESSAGES, SHARE_PERMISSIONS } from '../../common/share';
import type { AppContext } from '../app-context';
import { scopeOf, sessionOf } from '../auth/session-context';
import { parseId } from '../platform/ids';
import { projectIdsInScope, projectInScope } from '../platform/projects';
import { recordChange } from '../engine/audit-trail';
import { sendRefusal } from '../engine/errors';
import { readMultipart } from '../engine/multipart';
import { idText, query } from '../http/schemas';
import { ifcProblem, modelBytes, modelInfo, modelOf, modelsIn, storeModel } from './bim-store';
import { sendModel } from './routes';

const MODEL_SUBJECT = { name: 'BimModel', title: 'BIM模型' } as const;

export async function bimRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get(BIM_PATHS.models, { config: { permission: SHARE_PERMISSIONS.bim, readOnly: true, summary: 'BIM模型列表' } }, async (request) => {
    const session = sessionOf(request);
    return ok(await modelsIn(ctx.db, projectIdsInScope(ctx.db, scopeOf(session))));
  });

  app.post(BIM_PATHS.upload, { config: { permission: BIM_UPLOAD_PERMISSION, summary: '上传BIM模型' } }, async (request, reply) => {
    try {
      const { fields, file, tooLarge } = await readMultipart(request, BIM_MAX_BYTES);
      const session = sessionOf(request);
      const projectId = parseId(fields.projectId);
      const project = projectId === null ? null : await projectInScope(ctx.db, scopeOf(session), projectId);
      if (!project) return fail(SHARE_MESSAGES.projectOutOfScope);
      if (tooLarge) return fail(SHARE_MESSAGES.ifcTooLarge);
      if (!file || file.data.length === 0) return fail(SHARE_MESSAGES.noFile);
      const fileName = (fields.file_name || file.fileName).slice(0, 200);
      const problem = ifcProblem(fileName, file.data);
      if (problem) return fail(problem);
      const before = await modelOf(ctx.db, project.id);
      await ctx.db.transaction().execute(async (trx) => {
        await storeModel(trx, { projectId: project.id, companyId: session.companyId, userId: session.user.id, fileName, data: file.data });
        await recordChange(trx, {
          session,
          entity: MODEL_SUBJECT,
          recordId: project.id,
          action: before ? 'update' : 'create',
          changes: [{ field: 'fileName', title: `模型文件（${project.name}）`, ...(before ? { old: before.fileName } : {}), new: fileName }],
        });
      });
      const stored = await modelOf(ctx.db, project.id);
      return ok(stored ? modelInfo(stored) : null, SHARE_MESSAGES.uploaded);
    } catch (error) {
      return sendRefusal(reply, error);
    }
  });

  app.get<{ Querystring: { projectId: string } }>(
    BIM_PATHS.file,
    { schema: { querystring: query({ projectId: idText }, ['projectId']) }, config: { permission: SHARE_PERMISSIONS.bim, readOnly: true, summary: 'BIM模型文件' } },
    async (request, reply) => {
      const session = sessionOf(request);
      const id = parseId(request.query.projectId);
      const project = id === null ? null : await projectInScope(ctx.db, scopeOf(session), id);
      if (!project) return reply.code(404).send(fail(SHARE_MESSAGES.projectOutOfScope));
      const model = await modelOf(ctx.db, project.id);
      const data = model ? await modelBytes(ctx.db, model.uploadId) : null;
      if (!model || !data) return reply.code(404).send(fail(SHARE_MESSAGES.noModel));
      return sendModel(reply, model.fileName, data);
    },
  );
}

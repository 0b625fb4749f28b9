// §7.2 / §5.3 Upload/UploadImageRedis: one file, multipart, with upload_type image or file and the
// §7.1 envelope fields; the §5.3 type and size rules are checked here too (magic bytes as well as the
// extension). Bytes are kept in the database so any server process can serve Upload/File/<id>.
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../common/constants';
import { fail, ok } from '../../common/envelope';
import { UPLOAD_FILE_PATH } from '../../common/uploads';
import type { AppContext } from '../app-context';
import { sessionOf } from '../auth/session-context';
import { BadRequest, sendRefusal } from '../engine/errors';
import { readMultipart } from '../engine/multipart';
import { extensionOf, isVerifiedImage, KINDS, MAX_UPLOAD_BYTES, typeProblem, UPLOAD_RULES, type UploadType } from '../engine/upload-rules';
import { rowId } from '../engine/row-id';
import { scopeOf } from '../auth/session-context';
import { subtreeIds } from '../platform/companies';
import { projectIdsInScope } from '../platform/projects';

export const UPLOAD_PATH = `${API_BASE}/api/Upload/UploadImageRedis`;
export const FILE_PATH = UPLOAD_FILE_PATH;

const UPLOADED = '文件上传成功';
const NO_FILE = '请选择要上传的文件';
const FILE_MISSING = '文件不存在';

const isUploadType = (v: string | undefined): v is UploadType => v === 'image' || v === 'file';

export async function uploadRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post(UPLOAD_PATH, async (request, reply) => {
    try {
      const { fields, file, tooLarge } = await readMultipart(request, MAX_UPLOAD_BYTES);
      const type = fields.upload_type;
      if (!isUploadType(type)) throw new BadRequest('字段 upload_type 取值无效');
      const rules = UPLOAD_RULES[type];
      if (tooLarge) return fail(rules.tooLarge);
      if (!file) return fail(NO_FILE);
      const name = (fields.file_name || file.fileName).slice(0, 200);
      const problem = typeProblem(type, name, file.data) ?? (file.data.length > rules.maxBytes ? rules.tooLarge : null);
      if (problem) return fail(problem);
      const session = sessionOf(request);
      const stored = await ctx.db
        .insertInto('uploaded_files')
        .values({
          company_id: session.companyId,
          user_id: session.user.id,
          upload_type: type,
          file_name: name,
          content_type: KINDS[extensionOf(name)].contentType,
          size: file.data.length,
          data: file.data,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return ok(`${FILE_PATH}/${stored.id}`, UPLOADED);
    } catch (error) {
      return sendRefusal(reply, error);
    }
  });

  // `cookieAuth`: an `<img src>` cannot send the bearer header, so the access-token cookie is accepted
  // here (guard.ts). A file is served inside the company it was uploaded in and to its parent companies
  // (an enterprise user's scope is the company and its subsidiaries, §7.3), and to whoever has in scope a
  // project whose rows use it (upload_projects, migration 009: a 监管 user reads the workers of the
  // projects in its area, photos included); another company's file, like a missing one, is 404 (nothing
  // tells the two apart).
  app.get<{ Params: { id: string } }>(`${FILE_PATH}/:id`, { config: { cookieAuth: true, readOnly: true } }, async (request, reply) => {
    const id = rowId(request.params.id);
    const session = sessionOf(request);
    const file =
      id === null
        ? undefined
        : await ctx.db
            .selectFrom('uploaded_files')
            .selectAll()
            .where('id', '=', id)
            .where((eb) =>
              eb.or([
                eb('company_id', 'in', subtreeIds(ctx.db, session.companyId)),
                eb.exists(
                  eb
                    .selectFrom('upload_projects')
                    .select('upload_projects.project_id')
                    .whereRef('upload_projects.upload_id', '=', 'uploaded_files.id')
                    .where('upload_projects.project_id', 'in', projectIdsInScope(ctx.db, scopeOf(session))),
                ),
              ]),
            )
            .executeTakeFirst();
    if (!file) return reply.code(404).send(fail(FILE_MISSING));
    const data = Buffer.from(file.data);
    // Only a picture whose bytes are the picture it claims to be is shown in the page; anything else
    // (documents, text, a file some older rule let in) is downloaded, never rendered by the browser.
    const disposition = isVerifiedImage(file.file_name, file.content_type, data) ? 'inline' : 'attachment';
    return reply
      .type(file.content_type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=86400')
      .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.file_name)}`)
      .send(data);
  });
}

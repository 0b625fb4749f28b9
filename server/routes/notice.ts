// §7.4 system notices: list (the unread count is the header badge, §7.3), detail, mark read, delete.
import type { FastifyInstance } from 'fastify';
import { HEADER_LIST_SIZE } from '../../common/constants';
import { fail, ok, pageInfoOf } from '../../common/envelope';
import { buttonId } from '../../common/menu-tree';
import type { AppContext } from '../app-context';
import { sessionOf } from '../auth/session-context';
import { parseId } from '../platform/ids';
import { findNotice, hideNotice, listNotices, markRead, type ReadFilter } from '../platform/notices';
import { body, idText, pageIndex, pageSize, query } from '../http/schemas';
import { SERVER_MESSAGES } from '../messages';
import { toSysNotice } from '../wire/notice';
import { PATHS } from '../http/paths';

const READ_FILTERS: Record<string, ReadFilter> = { '0': 'unread', '1': 'read', '': 'all' };

const listQuery = query({
  index: pageIndex,
  size: pageSize(HEADER_LIST_SIZE),
  sysNoticeIsRead: { type: 'string', enum: ['0', '1', ''] },
});
const idQuery = query({ id: idText }, ['id']);
const idBody = body({ id: idText }, ['id']);

/** The notices page's delete button (schemas/menus.json), checked here as the UI checks it (§6). */
const DELETE_PERMISSION = buttonId('MessageNotification.list', 'delete');

export async function noticeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get<{ Querystring: { index: number; size: number; sysNoticeIsRead?: string } }>(
    PATHS.noticeList,
    { schema: { querystring: listQuery }, config: { readOnly: true } },
    async (request) => {
      const { index, size, sysNoticeIsRead = '' } = request.query;
      const { rows, total } = await listNotices(ctx.db, sessionOf(request).user.id, READ_FILTERS[sysNoticeIsRead], { index, size });
      return ok(rows.map(toSysNotice), '', pageInfoOf(index, size, total));
    },
  );

  app.get<{ Querystring: { id: string } }>(PATHS.noticeInfo, { schema: { querystring: idQuery }, config: { readOnly: true } }, async (request) => {
    const id = parseId(request.query.id);
    const notice = id === null ? null : await findNotice(ctx.db, sessionOf(request).user.id, id);
    return notice ? ok(toSysNotice(notice)) : fail(SERVER_MESSAGES.noticeMissing);
  });

  app.post<{ Body: { id: string } }>(PATHS.noticeRead, { schema: { body: idBody }, config: { monitoringWritable: true } }, async (request) => {
    const userId = sessionOf(request).user.id;
    const id = parseId(request.body.id);
    if (id === null || !(await findNotice(ctx.db, userId, id))) return fail(SERVER_MESSAGES.noticeMissing);
    await markRead(ctx.db, userId, id);
    return ok();
  });

  app.post<{ Body: { id: string } }>(
    PATHS.noticeDelete,
    { schema: { body: idBody }, config: { permission: DELETE_PERMISSION } },
    async (request) => {
      const userId = sessionOf(request).user.id;
      const id = parseId(request.body.id);
      if (id === null || !(await findNotice(ctx.db, userId, id))) return fail(SERVER_MESSAGES.noticeMissing);
      await hideNotice(ctx.db, userId, id);
      return ok(undefined, SERVER_MESSAGES.noticeDeleted);
    },
  );
}

// §7.6 SelectTableField: the options of `{ table, field }` dictionaries (docs/metadata.md lookups).
// WhereMulSelectList answers DictOption[]; WhereSelectGroupList the same values with their counts.
// Open to OrgDataAuthorityType 0 users (§6, server/auth/policy.ts); the rows read are the caller's scope.
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../common/constants';
import { ok } from '../../common/envelope';
import type { AppContext } from '../app-context';
import { sessionOf } from '../auth/session-context';
import { sendRefusal } from '../engine/errors';
import { lookupValues, resolveLookup } from '../engine/lookup';
import { body, pageIndex, pageSize, query, text } from '../http/schemas';
import { PATHS } from '../http/paths';

export const GROUP_LIST_PATH = `${API_BASE}/api/SelectTableField/WhereSelectGroupList`;

/** §7.6: the client asks for 999. */
const LOOKUP_SIZE = 999;
const lookupFields = { tableName: text(64, 1), fieldName: text(64, 1), size: pageSize(LOOKUP_SIZE), index: pageIndex };

type LookupRequest = { tableName: string; fieldName: string; size: number };

export async function selectTableFieldRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const values = (session: ReturnType<typeof sessionOf>, r: LookupRequest) =>
    lookupValues(ctx.db, session, resolveLookup(ctx.catalog.entities.values(), r.tableName, r.fieldName), r.size);

  app.post<{ Body: LookupRequest }>(PATHS.multiSelectList, { schema: { body: body(lookupFields, ['tableName', 'fieldName']) }, config: { readOnly: true } }, async (request, reply) => {
    try {
      const found = await values(sessionOf(request), request.body);
      return ok(found.map(({ xuHao, selContent }) => ({ xuHao, selContent })));
    } catch (error) {
      return sendRefusal(reply, error);
    }
  });

  app.get<{ Querystring: LookupRequest }>(GROUP_LIST_PATH, { schema: { querystring: query(lookupFields, ['tableName', 'fieldName']) }, config: { readOnly: true } }, async (request, reply) => {
    try {
      return ok(await values(sessionOf(request), request.query));
    } catch (error) {
      return sendRefusal(reply, error);
    }
  });
}

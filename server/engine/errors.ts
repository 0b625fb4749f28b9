// The two ways an engine call is refused (docs/api.md outcomes): a business refusal is HTTP 200 with
// status 0 (validation, not found, 402 没有权限); a malformed request is HTTP 400 请求参数格式错误：….
import type { FastifyReply } from 'fastify';
import { MESSAGES } from '../../common/constants';
import { fail } from '../../common/envelope';

export class Refusal extends Error {
  constructor(
    readonly detail: string,
    readonly code?: number,
  ) {
    super(detail);
  }
}

/** One field's problem in a row (import reports each, not only the first). */
export type FieldIssue = { field: string; message: string };

/**
 * A refusal about one field (validation, a hook's check), so import can say which column was wrong.
 * `issues`: every field's problem when the validator found several (the detail is the first, §5.1).
 */
export class FieldRefusal extends Refusal {
  constructor(
    detail: string,
    readonly field: string,
    readonly issues: readonly FieldIssue[] = [{ field, message: detail }],
  ) {
    super(detail);
  }
}

/**
 * A refusal about one row of a child collection or a batch (docs/metadata.md "Master–detail"): the detail names
 * the row (第2行：请输入姓名) and `data` says where the browser places it.
 */
export class RowRefusal extends Refusal {
  constructor(
    detail: string,
    readonly data: { child?: string; row: number; field?: string },
  ) {
    super(detail);
  }
}

export class BadRequest extends Error {
  constructor(
    readonly reason: string,
    /** The field whose value had the wrong type, when one did. */
    readonly field?: string,
    /** Every field whose value had the wrong type (import reports each). */
    readonly fields: readonly string[] = field ? [field] : [],
  ) {
    super(reason);
  }
}

/** Sends the envelope for an engine refusal; anything else is rethrown to the one error handler. */
export function sendRefusal(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof RowRefusal) return reply.code(200).send({ ...fail(error.detail), data: error.data });
  if (error instanceof Refusal) return reply.code(200).send(fail(error.detail, error.code));
  if (error instanceof BadRequest) return reply.code(400).send(fail(`${MESSAGES.badRequest}：${error.reason}`));
  throw error;
}

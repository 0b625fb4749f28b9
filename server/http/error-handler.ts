// The one error handler (docs/api.md outcomes): validation and malformed requests → 400 with a Chinese
// detail, unexpected errors → 500 with a fixed text and the request's id (request-id.ts); the stack goes
// to the server log only.
import type { FastifyError, FastifyInstance } from 'fastify';
import { MESSAGES } from '../../common/constants';
import { fail } from '../../common/envelope';
import { INPUT_MESSAGES } from './input-guard';
import { validationDetail, type ValidationIssue } from './validation-message';

/** Fastify's own client-error codes, each with the Chinese reason the caller sees. */
const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体为空',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的内容类型',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求长度与内容不符',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求体过大',
  FST_ERR_CTP_INVALID_TYPE: '不支持的内容类型',
  FST_ERR_CTP_EMPTY_TYPE: '缺少内容类型',
  // input-guard.ts: NUL or a lone surrogate in any text, JSON nested too deep.
  ERR_INPUT_ILLEGAL_TEXT: INPUT_MESSAGES.illegalText,
  ERR_INPUT_TOO_DEEP: INPUT_MESSAGES.tooDeep,
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      return reply.code(400).send(fail(validationDetail(error.validation as ValidationIssue[])));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const why = CLIENT_ERRORS[error.code] ?? (error instanceof SyntaxError ? CLIENT_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY : undefined);
      request.log.info({ code: error.code }, 'client error');
      // docs/api.md: every malformed request is HTTP 400, whatever Fastify's own status for it.
      return reply.code(400).send(fail(why ? `${MESSAGES.badRequest}：${why}` : MESSAGES.badRequest));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ ...fail(MESSAGES.serverError), requestId: String(request.id) });
  });
}

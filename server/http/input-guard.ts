// Hostile text stops at the edge, once for every route (docs/security-input.md): a JSON body must be
// valid UTF-8 and nested at most MAX_JSON_DEPTH levels; no decoded text anywhere in a request (query,
// path parameters, JSON or form body, keys included) may hold a NUL character or a lone UTF-16
// surrogate, which PostgreSQL cannot store (NUL) or would store as U+FFFD (surrogates). Each is a 400
// with a Chinese reason, through the one error handler.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkTextFields } from './text-fields';

/** How deep objects and arrays may nest in a JSON body or a json field's text. */
export const MAX_JSON_DEPTH = 64;

export const INPUT_MESSAGES = {
  illegalText: '请求参数包含非法字符',
  tooDeep: '请求数据嵌套层级过深',
} as const;

/** A 400 the error handler answers with its reason (error-handler.ts CLIENT_ERRORS by code). */
export class InputError extends Error {
  readonly statusCode = 400;
  constructor(readonly code: 'ERR_INPUT_ILLEGAL_TEXT' | 'ERR_INPUT_TOO_DEEP') {
    super(code === 'ERR_INPUT_TOO_DEEP' ? INPUT_MESSAGES.tooDeep : INPUT_MESSAGES.illegalText);
  }
}

/** NUL, or a high surrogate not followed by a low one, or a low one not preceded by a high one. */
// eslint-disable-next-line no-control-regex
const ILLEGAL = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isIllegalText = (text: string): boolean => ILLEGAL.test(text);

/** Whether any string or key in `value` is illegal text; iterative, so no input can overflow the stack. */
export function holdsIllegalText(value: unknown): boolean {
  const stack: unknown[] = [value];
  let seen = 0;
  while (stack.length > 0) {
    const v = stack.pop();
    // A body is bounded by the body limit; this bound only keeps a pathological object finite.
    if ((seen += 1) > 1_000_000) return true;
    if (typeof v === 'string') {
      if (isIllegalText(v)) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (typeof v === 'object' && v !== null && !Buffer.isBuffer(v)) {
      for (const [key, item] of Object.entries(v)) {
        if (isIllegalText(key)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/** How deep `[` and `{` nest in JSON text (outside strings), stopping once past `limit`. */
export function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if ((depth += 1) > limit) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * JSON.parse for JSON text a request carries inside a value (list filters, a json field's text): nested
 * at most MAX_JSON_DEPTH, and its strings, once their \u escapes are decoded, as clean as any other text.
 * Throws InputError for either, SyntaxError for text that is not JSON.
 */
export function parseInnerJson(text: string): unknown {
  if (jsonDepthExceeds(text)) throw new InputError('ERR_INPUT_TOO_DEEP');
  const value: unknown = JSON.parse(text);
  if (holdsIllegalText(value)) throw new InputError('ERR_INPUT_ILLEGAL_TEXT');
  return value;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Bytes → text, refusing bytes that are not UTF-8 (they would become U+FFFD silently). */
export function strictUtf8(bytes: Buffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new InputError('ERR_INPUT_ILLEGAL_TEXT');
  }
}

/** Refuses a request whose decoded text is illegal; for the preValidation hook and multipart fields. */
export function checkRequestText(request: Pick<FastifyRequest, 'query' | 'params' | 'body'>): void {
  if (holdsIllegalText(request.query) || holdsIllegalText(request.params) || holdsIllegalText(request.body)) {
    throw new InputError('ERR_INPUT_ILLEGAL_TEXT');
  }
}

/**
 * Installs the JSON body parser (strict UTF-8, depth limit, then Fastify's own parser with prototype
 * poisoning refused), the text check of every request and the type check of text parameters. Call on the root instance before routes.
 */
export function installInputGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8(body as Buffer);
      if (jsonDepthExceeds(text)) throw new InputError('ERR_INPUT_TOO_DEEP');
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    parseJson(request, text, done);
  });
  app.addHook('preValidation', async (request) => {
    checkRequestText(request);
    // A JSON number or boolean for a text parameter is a type error, not its digits (text-fields.ts).
    checkTextFields(request);
  });
}

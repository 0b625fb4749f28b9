// Text is text (issue 23, docs/security-input.md): the route validator converts types (app.ts
// coerceTypes, so query strings and form bodies reach integer parameters as numbers), which would also
// store a JSON number or true / false sent for a text parameter as its digits: POST SendMessage
// {"title":12345} became a notice titled 12345. Before validation, a JSON body's value for a parameter
// declared with text() (server/http/schemas.ts) must be a string (or null where the schema allows it):
// else a 400 like any type error, 请求参数格式错误：字段 title 类型错误. Ids and filter values, which
// travel as numbers too (common/wire.ts), are declared otherwise (idText, a plain string schema) and keep
// converting; form bodies and query strings hold only text. Entity writes check their own types
// (server/engine/validator.ts); the Excel import reads a numeric cell of a text field as its text there.
import type { FastifyRequest } from 'fastify';
import { isTextSchema } from './schemas';

type Schema = { properties?: Record<string, unknown>; items?: unknown };
type Issue = { keyword: 'type'; instancePath: string; schemaPath: string; params: { type: string }; message: string };

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The first text parameter holding a number or boolean, walking the schema's properties and items. */
function firstMistyped(schema: unknown, value: unknown, path: string, depth = 0): Issue | null {
  if (!isPlainObject(schema) || depth > 8) return null;
  if (isTextSchema(schema)) {
    if (typeof value !== 'number' && typeof value !== 'boolean') return null;
    return { keyword: 'type', instancePath: path, schemaPath: '#/type', params: { type: 'string' }, message: 'must be string' };
  }
  const { properties, items } = schema as Schema;
  if (properties && isPlainObject(value)) {
    for (const [key, child] of Object.entries(properties)) {
      if (!(key in value)) continue;
      const issue = firstMistyped(child, value[key], `${path}/${escape(key)}`, depth + 1);
      if (issue) return issue;
    }
  }
  if (items && Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const issue = firstMistyped(items, item, `${path}/${i}`, depth + 1);
      if (issue) return issue;
    }
  }
  return null;
}

/** A 400 through the one error handler, worded as the validator's own type errors. */
class TextTypeError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_VALIDATION';
  constructor(readonly validation: Issue[]) {
    super(`body${validation[0].instancePath} must be string`);
  }
}

/** For the preValidation hook (input-guard.ts): refuses a JSON number or boolean for a text() parameter. */
export function checkTextFields(request: Pick<FastifyRequest, 'body' | 'routeOptions'>): void {
  const schema = request.routeOptions.schema?.body;
  if (!schema || typeof request.body !== 'object' || request.body === null) return;
  const issue = firstMistyped(schema, request.body, '');
  if (issue) throw new TextTypeError([issue]);
}

// JSON-schema helpers for route declarations. §7.1: the client merges token, fromplat and wid into
// every body and query, so they are always allowed; JSON bodies refuse any other unknown field.
import type { Ajv } from 'ajv';

type JsonSchema = Record<string, unknown>;

/**
 * ajv plugin of the route validator (app.ts): `finite: true` refuses ±Infinity and NaN. ajv's type
 * coercion turns the text "1e400" into Infinity and then skips minimum / maximum for it.
 */
export function finiteNumbers(ajv: Ajv): Ajv {
  return ajv.addKeyword({
    keyword: 'finite',
    schemaType: 'boolean',
    errors: false,
    // No `type: 'number'`: ajv guards number keywords with isFinite, which would skip exactly these values.
    validate: (on: boolean, data: unknown) => !on || typeof data !== 'number' || Number.isFinite(data),
  });
}

/** The integer (int4) column range, for integer parameters of route schemas. */
export const INT4_MAX = 2_147_483_647;

const ENVELOPE_FIELDS: Record<string, JsonSchema> = {
  token: { type: 'string', maxLength: 512 },
  fromplat: { type: 'string', maxLength: 16 },
  wid: { type: ['integer', 'string'], maximum: INT4_MAX, minimum: 0, maxLength: 16 },
};

/** The schemas text() made: a JSON number or boolean is no value for them (text-fields.ts). */
const TEXT_SCHEMAS = new WeakSet<object>();

/**
 * A text parameter. In a JSON body it must be a string: a number or true / false is a type error (400),
 * not converted to its digits (text-fields.ts). An id or filter value that may travel as a number is
 * declared otherwise (idText, or a plain `{ type: 'string' }`).
 */
export function text(maxLength = 200, minLength = 0): JsonSchema {
  const schema = { type: 'string', minLength, maxLength };
  TEXT_SCHEMAS.add(schema);
  return schema;
}

export const isTextSchema = (schema: object): boolean => TEXT_SCHEMAS.has(schema);
/**
 * A pattern of the decimal numbers 0…max (digits only, leading zeros allowed), so a key sent as text
 * cannot exceed its column: every key these routes take is a platform table's `integer` identity.
 */
export function digitsUpTo(max: number): string {
  const top = String(max);
  const shorter = top.length > 1 ? [`[0-9]{0,${top.length - 1}}`] : [];
  const sameLength = [...top].flatMap((d, i) => {
    if (d === '0') return [];
    const rest = top.length - i - 1;
    return [`${top.slice(0, i)}[0-${Number(d) - 1}]${rest > 0 ? `[0-9]{${rest}}` : ''}`];
  });
  return `^(${[...shorter, ...sameLength, top].join('|')})$`;
}

/** An id of a platform table as text ('' for none): digits only, at most INT4_MAX. */
export const idText: JsonSchema = { type: 'string', maxLength: 10, pattern: digitsUpTo(INT4_MAX) };

/** An integer parameter within [minimum, maximum] (the int4 column range unless tighter), never ±Infinity. */
export const integer = (minimum = -INT4_MAX - 1, maximum = INT4_MAX): JsonSchema => ({ type: 'integer', minimum, maximum, finite: true });
export const pageIndex: JsonSchema = { ...integer(0, 1_000_000), default: 0 };
export const pageSize = (fallback: number, max = 1000): JsonSchema => ({ ...integer(1, max), default: fallback });

/** A request body: the given fields plus the envelope fields, nothing else. */
export const body = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: 'object',
  properties: { ...ENVELOPE_FIELDS, ...properties },
  required,
  additionalProperties: false,
});

/**
 * A querystring: declared fields are typed and checked; extra parameters (cache busters and the like)
 * are ignored rather than refused, since a GET has no body to be malformed.
 */
export const query = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: 'object',
  properties: { ...ENVELOPE_FIELDS, ...properties },
  required,
});

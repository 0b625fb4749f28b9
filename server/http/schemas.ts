// JSON-schema helpers for route declarations. §7.1: the client merges token, fromplat and wid into
// every body and query, so they are always allowed; JSON bodies refuse any other unknown field.
type JsonSchema = Record<string, unknown>;

const ENVELOPE_FIELDS: Record<string, JsonSchema> = {
  token: { type: 'string', maxLength: 512 },
  fromplat: { type: 'string', maxLength: 16 },
  wid: { type: ['integer', 'string'] },
};

export const text = (maxLength = 200, minLength = 0): JsonSchema => ({ type: 'string', minLength, maxLength });
export const idText: JsonSchema = { type: 'string', maxLength: 20 };
export const pageIndex: JsonSchema = { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 };
export const pageSize = (fallback: number): JsonSchema => ({ type: 'integer', minimum: 1, maximum: 1000, default: fallback });

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

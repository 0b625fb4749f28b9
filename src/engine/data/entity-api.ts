// The endpoint names of one entity: its `api` over DEFAULT_API (docs/metadata.md "Generic endpoints").
import { DEFAULT_API, type EntityApi, type EntitySchema } from '../../../common/metadata';

export type ResolvedApi = Required<EntityApi>;

export const resolveApi = (entity: Pick<EntitySchema, 'api'>): ResolvedApi => ({ ...DEFAULT_API, ...entity.api });

/** `/api/<base>/<name>` as the HTTP client expects it (the client adds /prod-api). */
export const apiPath = (api: ResolvedApi, name: string): string => `/api/${api.base}/${name}`;

/** The key field of an entity: the first field of type `id`. */
export const idFieldOf = (entity: Pick<EntitySchema, 'fields'>): string =>
  entity.fields.find((f) => f.type === 'id')?.name ?? 'id';

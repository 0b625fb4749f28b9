// The content schema of a json field. The page registry resolves `content` names before a page reaches
// the engine (common/metadata/entity resolveEntity), so a name still standing here has no schema.
import type { EntityField, JsonContentSchema } from '../../../common/metadata';

export const contentOf = (field: Pick<EntityField, 'content'>): JsonContentSchema | undefined =>
  typeof field.content === 'string' ? undefined : field.content;

// The one SchemaField of the engine, over the registered components.
import { createSchemaField } from '@formily/react';
import { ENGINE_COMPONENTS } from './registry';

export const SchemaField = createSchemaField({ components: ENGINE_COMPONENTS });

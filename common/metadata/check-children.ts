// The checks of child collections and batch declarations (docs/metadata.md "Master–detail", "Batch
// actions"): the entity's `children` and `batch`, and the pages' child tables and batch buttons.
import type { EntitySchema, PageSchema } from '../metadata';
import { fieldByName } from './entity';
import { pointer } from './problems';
import { referencedEntity } from './references';

type Report = (file: string, pointer: string, message: string) => void;

export function checkChildren(file: string, entity: EntitySchema, allEntities: readonly EntitySchema[], report: Report): void {
  const names = new Set<string>();
  entity.children?.forEach((c, i) => {
    const at = (...rest: Array<string | number>) => pointer('children', i, ...rest);
    if (names.has(c.name)) report(file, at('name'), `duplicate children name "${c.name}"`);
    names.add(c.name);
    if (fieldByName(entity, c.name)) report(file, at('name'), `"${c.name}" is also a field of ${entity.name}`);
    if (c.minItems !== undefined && c.maxItems !== undefined && c.minItems > c.maxItems) report(file, at('minItems'), 'minItems is more than maxItems');
    const child = allEntities.find((e) => e.name === c.entity);
    if (!child) return report(file, at('entity'), `no entity named "${c.entity}" in schemas/entities/`);
    const parent = fieldByName(child, c.parentField);
    if (!parent) report(file, at('parentField'), `entity ${child.name} has no field "${c.parentField}"`);
    else if (referencedEntity(child, parent, allEntities) !== entity.name) {
      report(file, at('parentField'), `field ${child.name}.${c.parentField} does not name a row of ${entity.name} ({ entity, valueField: <its id> } dictionary)`);
    } else if (parent.onDelete === 'cascade' && c.onDelete === 'refuse') {
      report(file, at('onDelete'), `field ${child.name}.${c.parentField} declares onDelete "cascade"`);
    }
    if (c.orderField !== undefined) {
      const order = fieldByName(child, c.orderField);
      if (!order || order.type !== 'integer' || order.virtual) report(file, at('orderField'), `orderField must be a stored integer field of ${child.name}`);
    }
    c.inherit?.forEach((name, j) => {
      if (!fieldByName(entity, name) || !fieldByName(child, name)) report(file, at('inherit', j), `"${name}" must be a field of both ${entity.name} and ${child.name}`);
    });
  });
  entity.batch?.update?.fields.forEach((name, j) => {
    const field = fieldByName(entity, name);
    if (!field) report(file, pointer('batch', 'update', 'fields', j), `batch update names unknown field "${name}"`);
    else if (field.readOnly || field.type === 'id') report(file, pointer('batch', 'update', 'fields', j), `field "${name}" is not written by the client (readOnly or the id)`);
  });
}

export function checkPageChildren(file: string, page: PageSchema, entity: EntitySchema, entityNamed: (name: string) => EntitySchema | undefined, report: Report): void {
  for (const part of ['form', 'detail'] as const) {
    page[part]?.children?.forEach((t, i) => {
      const declared = entity.children?.find((c) => c.name === t.children);
      if (!declared) return report(file, pointer(part, 'children', i, 'children'), `entity ${entity.name} has no children "${t.children}"`);
      const child = entityNamed(declared.entity);
      if (!child) return;
      t.columns.forEach((name, j) => {
        const field = fieldByName(child, name);
        if (!field) report(file, pointer(part, 'children', i, 'columns', j), `entity ${child.name} has no field "${name}"`);
        else if (field.writeOnly) report(file, pointer(part, 'children', i, 'columns', j), `field ${child.name}.${name} is writeOnly and never answered`);
      });
    });
  }
  page.list.batchActions?.forEach((b, i) => {
    if (!entity.batch?.[b.action]) report(file, pointer('list', 'batchActions', i, 'action'), `batch ${b.action} needs the entity's "batch.${b.action}" (entity ${entity.name})`);
  });
}

// The checks of child collections and batch declarations (docs/metadata.md "Master–detail", "Batch
// actions"): the entity's `children` and `batch`, and the pages' child tables and batch buttons.
import type { EntitySchema, PageSchema } from '../metadata';
import { fieldByName } from './entity';
import { listZh, noFieldZh, pointer, type Report } from './problems';
import { referencedEntity } from './references';

export function checkChildren(file: string, entity: EntitySchema, allEntities: readonly EntitySchema[], report: Report): void {
  const names = new Set<string>();
  entity.children?.forEach((c, i) => {
    const at = (...rest: Array<string | number>) => pointer('children', i, ...rest);
    if (names.has(c.name)) report(file, at('name'), `duplicate children name "${c.name}"`, `子表名“${c.name}”重复：请换一个名称`);
    names.add(c.name);
    if (fieldByName(entity, c.name)) report(file, at('name'), `"${c.name}" is also a field of ${entity.name}`, `子表名“${c.name}”与实体 ${entity.name} 的字段同名：请换一个名称`);
    if (c.minItems !== undefined && c.maxItems !== undefined && c.minItems > c.maxItems) report(file, at('minItems'), 'minItems is more than maxItems', `最少行数 minItems（${c.minItems}）大于最多行数 maxItems（${c.maxItems}）：请改小 minItems 或改大 maxItems`);
    const child = allEntities.find((e) => e.name === c.entity);
    if (!child) return report(file, at('entity'), `no entity named "${c.entity}" in schemas/entities/`, `实体“${c.entity}”不存在（schemas/entities/ 中没有此实体），可选：${listZh(allEntities.map((e) => e.name).sort())}`);
    const parent = fieldByName(child, c.parentField);
    if (!parent) report(file, at('parentField'), `entity ${child.name} has no field "${c.parentField}"`, noFieldZh(child, c.parentField));
    else if (referencedEntity(child, parent, allEntities) !== entity.name) {
      report(file, at('parentField'), `field ${child.name}.${c.parentField} does not name a row of ${entity.name} ({ entity, valueField: <its id> } dictionary)`, `字段 ${child.name}.${c.parentField} 没有指向 ${entity.name} 的行：它需要 { "entity": "${entity.name}", "valueField": <其 id 字段> } 字典`);
    } else if (parent.onDelete === 'cascade' && c.onDelete === 'refuse') {
      report(file, at('onDelete'), `field ${child.name}.${c.parentField} declares onDelete "cascade"`, `字段 ${child.name}.${c.parentField} 已声明 onDelete 为 "cascade"：这里也请写 "cascade"`);
    }
    if (c.orderField !== undefined) {
      const order = fieldByName(child, c.orderField);
      if (!order || order.type !== 'integer' || order.virtual) report(file, at('orderField'), `orderField must be a stored integer field of ${child.name}`, `排序字段 orderField 须是 ${child.name} 的 integer 类型存储字段，可选：${listZh(child.fields.filter((f) => f.type === 'integer' && !f.virtual).map((f) => f.name))}`);
    }
    c.inherit?.forEach((name, j) => {
      if (!fieldByName(entity, name) || !fieldByName(child, name)) report(file, at('inherit', j), `"${name}" must be a field of both ${entity.name} and ${child.name}`, `继承字段“${name}”须是 ${entity.name} 和 ${child.name} 都有的字段`);
    });
  });
  entity.batch?.update?.fields.forEach((name, j) => {
    const field = fieldByName(entity, name);
    if (!field) report(file, pointer('batch', 'update', 'fields', j), `batch update names unknown field "${name}"`, noFieldZh(entity, name));
    else if (field.readOnly || field.numbering || field.type === 'id') report(file, pointer('batch', 'update', 'fields', j), `field "${name}" is not written by the client (readOnly or the id)`, `字段“${name}”不由客户端写入（只读字段或 id）：请去掉`);
  });
}

export function checkPageChildren(file: string, page: PageSchema, entity: EntitySchema, entityNamed: (name: string) => EntitySchema | undefined, report: Report): void {
  for (const part of ['form', 'detail'] as const) {
    page[part]?.children?.forEach((t, i) => {
      const declared = entity.children?.find((c) => c.name === t.children);
      if (!declared) return report(file, pointer(part, 'children', i, 'children'), `entity ${entity.name} has no children "${t.children}"`, `实体 ${entity.name} 没有子表“${t.children}”，可选：${listZh(entity.children?.map((c) => c.name) ?? [])}`);
      const child = entityNamed(declared.entity);
      if (!child) return;
      t.columns.forEach((name, j) => {
        const field = fieldByName(child, name);
        if (!field) report(file, pointer(part, 'children', i, 'columns', j), `entity ${child.name} has no field "${name}"`, noFieldZh(child, name));
        else if (field.writeOnly) report(file, pointer(part, 'children', i, 'columns', j), `field ${child.name}.${name} is writeOnly and never answered`, `字段 ${child.name}.${name} 是只写字段（writeOnly），从不返回，不能显示：请去掉`);
      });
    });
  }
  page.list.batchActions?.forEach((b, i) => {
    if (!entity.batch?.[b.action]) report(file, pointer('list', 'batchActions', i, 'action'), `batch ${b.action} needs the entity's "batch.${b.action}" (entity ${entity.name})`, `批量操作 ${b.action} 需要实体 ${entity.name} 声明 "batch.${b.action}"：请在实体中加上，或去掉此按钮`);
  });
}

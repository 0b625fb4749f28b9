// The checks of a page's views (PageSchema list.views, docs/metadata.md "Page views"): a known
// component, unique names, and every prop naming what the component's table (page-views.ts) says it
// names — a field of the entity, a child collection, a field of that collection's entity.
import type { EntitySchema, PageSchema } from '../metadata';
import { fieldByName } from './entity';
import { PAGE_VIEW_NAMES, PAGE_VIEWS, type PageViewSpec } from './page-views';
import { listZh, noFieldZh, pointer, type Report } from './problems';

export function checkPageViews(file: string, page: PageSchema, entity: EntitySchema, entityNamed: (name: string) => EntitySchema | undefined, report: Report): void {
  const names = new Set<string>(['list']);
  page.list.views?.forEach((view, i) => {
    const at = (...rest: Array<string | number>) => pointer('list', 'views', i, ...rest);
    if (names.has(view.name)) report(file, at('name'), `view name "${view.name}" is used twice (or is "list")`, `视图名“${view.name}”重复（或用了保留名“list”）：请换一个名称`);
    names.add(view.name);
    const spec: PageViewSpec | undefined = (PAGE_VIEWS as Record<string, PageViewSpec>)[view.component];
    if (!spec) return report(file, at('component'), `"${view.component}" is not a page view (known: ${PAGE_VIEW_NAMES.join(', ')})`, `“${view.component}”不是页面视图组件，可选：${listZh(PAGE_VIEW_NAMES)}`);
    const childProps = Object.entries(spec.children).flatMap(([c, fields]) => [c, ...fields]);
    const known = new Set([...spec.fields, ...spec.optionalFields, ...childProps]);
    for (const key of Object.keys(view.props)) if (!known.has(key)) report(file, at('props', key), `${view.component} has no prop "${key}"`, `${view.component} 没有属性“${key}”，可选：${listZh(known)}`);
    for (const key of spec.fields) if (!view.props[key]) report(file, at('props'), `${view.component} needs the prop "${key}"`, `${view.component} 缺少属性“${key}”：请在 props 中写上它`);
    for (const key of [...spec.fields, ...spec.optionalFields]) {
      const name = view.props[key];
      if (name && !fieldByName(entity, name)) report(file, at('props', key), `entity ${entity.name} has no field "${name}"`, noFieldZh(entity, name));
    }
    for (const [collection, fields] of Object.entries(spec.children)) {
      const name = view.props[collection];
      if (!name) {
        for (const f of fields) if (view.props[f]) report(file, at('props', f), `"${f}" needs the prop "${collection}"`, `属性“${f}”需要同时写属性“${collection}”`);
        continue;
      }
      const child = entity.children?.find((c) => c.name === name);
      if (!child) {
        report(file, at('props', collection), `entity ${entity.name} has no child collection "${name}"`, `实体 ${entity.name} 没有子表“${name}”，可选：${listZh(entity.children?.map((c) => c.name) ?? [])}`);
        continue;
      }
      const childEntity = entityNamed(child.entity);
      for (const f of fields) {
        const fieldName = view.props[f];
        if (!fieldName) report(file, at('props'), `${view.component} with "${collection}" needs the prop "${f}"`, `写了“${collection}”的 ${view.component} 还需要属性“${f}”：请在 props 中写上它`);
        else if (childEntity && !fieldByName(childEntity, fieldName)) report(file, at('props', f), `entity ${childEntity.name} has no field "${fieldName}"`, noFieldZh(childEntity, fieldName));
      }
    }
  });
}

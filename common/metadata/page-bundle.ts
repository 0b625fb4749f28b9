// What one generated page needs besides its own schema (docs/metadata.md "Pages"): its entity and the
// entities of its detail's related lists, of its child tables and of its views' collections — their
// titles and dictionaries draw the sub-tables. Shared by codegen (the bundled page registry) and the
// server, which answers the page as it runs it (server/routes/meta.ts), so the browser draws the last good
// schemas the server has.
import type { PageSchema } from '../metadata';
import { stripFileKeys } from './entity';
import { PAGE_VIEWS, type PageViewSpec } from './page-views';
import type { LoadedPage, ResolvedEntity } from './types';

/** The child collections the page's views name (page-views.ts: a view's collection props). */
const viewCollections = (page: PageSchema): string[] =>
  (page.list.views ?? []).flatMap((v) => Object.keys((PAGE_VIEWS as Record<string, PageViewSpec>)[v.component]?.children ?? {}).map((key) => v.props[key]).filter((n): n is string => !!n));

type EntityLinks = Pick<ResolvedEntity, 'relations' | 'children'>;

/** The names of the entities a page draws besides its own, sorted. */
export function relatedEntityNames(page: PageSchema, entity: EntityLinks): string[] {
  return [
    ...new Set(
      [
        ...(page.detail?.relations ?? []).map((r) => entity.relations?.find((x) => x.name === r.relation)?.entity),
        // Child entities of the form's and detail's child tables (entity children).
        ...[...(page.form?.children ?? []), ...(page.detail?.children ?? [])].map((t) => entity.children?.find((c) => c.name === t.children)?.entity),
        // Child entities a page view reads (list.views: the Gantt's links).
        ...viewCollections(page).map((name) => entity.children?.find((c) => c.name === name)?.entity),
      ].filter((n): n is string => !!n),
    ),
  ].sort();
}

/** The page `name` with its entity and related entities from checked, resolved schemas; undefined when no such page. */
export function pageBundle(
  name: string,
  catalog: { pages: ReadonlyMap<string, PageSchema>; entities: ReadonlyMap<string, ResolvedEntity> },
): LoadedPage | undefined {
  const page = catalog.pages.get(name);
  const entity = page && catalog.entities.get(page.entity);
  if (!page || !entity) return undefined;
  const related = relatedEntityNames(page, entity).flatMap((n) => {
    const e = catalog.entities.get(n);
    return e ? [e] : [];
  });
  return {
    page: stripFileKeys(page),
    entity,
    ...(related.length > 0 ? { related: Object.fromEntries(related.map((e) => [e.name, e])) } : {}),
  };
}

// Page views (PageSchema list.views, docs/metadata.md "Page views"): other views of a list's rows beside
// the table — 列表 / 甘特图 —, each a hand-written component of the browser's page-view registry
// (src/engine/page/views/registry.ts). What each component reads is named by its props: fields of the
// page's entity, a child collection of it, and fields of that collection's entity. The checks
// (check-page-views.ts) and the registry's unit test read this one table.

export type PageViewSpec = {
  /** Props naming a field of the page's entity: required ones, then optional ones. */
  fields: readonly string[];
  optionalFields: readonly string[];
  /** Optional props naming a child collection (EntityChildren) of the entity, with the props naming fields of its entity. */
  children: Readonly<Record<string, readonly string[]>>;
};

export const PAGE_VIEWS = {
  /**
   * 甘特图: a bar per row from `start` to `end` (planned) with `actualStart`–`actualEnd` under it, `progress`
   * (0–100) filling the bar, `milestone` rows as diamonds, the tree of the entity's parentField, and the
   * finish-to-start links of `links` (a child collection: `linkFrom` the predecessor's id, `linkLag` days).
   */
  Gantt: {
    fields: ['label', 'start', 'end'],
    optionalFields: ['code', 'actualStart', 'actualEnd', 'progress', 'milestone', 'status', 'delayDays'],
    children: { links: ['linkFrom', 'linkLag'] },
  },
} as const satisfies Record<string, PageViewSpec>;

export type PageViewComponent = keyof typeof PAGE_VIEWS;
export const PAGE_VIEW_NAMES = Object.keys(PAGE_VIEWS) as PageViewComponent[];

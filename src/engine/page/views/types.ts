// What every page view (PageSchema list.views, docs/metadata.md "Page views") receives from the list page.
import type { EntitySchema, ListFilter, PageSchema, PageView } from '../../../../common/metadata';
import type { Row } from '../../data/data-provider';
import type { PageAction } from '../permissions';

export type PageViewProps = {
  page: PageSchema;
  entity: EntitySchema;
  /** The entities loaded with the page (child collections, relations). */
  related?: Readonly<Record<string, EntitySchema>>;
  view: PageView;
  /** The list's rows under the page's search: every matching row on a tree page, else the page shown. */
  rows: readonly Row[];
  filters: readonly ListFilter[];
  loading: boolean;
  can: (action: PageAction) => boolean;
  /** Opens a row: its edit dialog when the role may edit, else its detail. */
  onOpen: (id: string) => void;
};

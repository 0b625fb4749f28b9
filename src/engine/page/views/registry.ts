// The page views a page schema may name (common/metadata/page-views.ts), each loaded when first shown.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageViewComponent } from '../../../../common/metadata/page-views';
import type { PageViewProps } from './types';

export const PAGE_VIEW_COMPONENTS: Readonly<Record<PageViewComponent, LazyExoticComponent<ComponentType<PageViewProps>>>> = {
  Gantt: lazy(() => import('./GanttView').then((m) => ({ default: m.GanttView }))),
};

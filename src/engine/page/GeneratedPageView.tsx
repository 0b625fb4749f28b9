// The component a `page:<name>` menu view renders: the generated page over that page's loader.
import type { ComponentType } from 'react';
import { GeneratedPage } from './GeneratedPage';
import type { PageLoader } from './page-bundle';

export function generatedPageView(load: PageLoader): ComponentType {
  return function GeneratedPageView() {
    return <GeneratedPage load={load} />;
  };
}

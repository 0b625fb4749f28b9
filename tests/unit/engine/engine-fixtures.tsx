// Fixtures of the engine tests: the inspection-template page as the registry loads it, a session whose
// menu grants chosen actions, template rows, and a render inside antd App with a fresh swr cache.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { AppProviders } from '../support/providers';
import { SWRConfig } from 'swr';
import { expandSource, type MenuSourceNode } from '../../../common/menu-tree';
import type { LoadedPage } from '../../../common/metadata/types';
import { PAGE_LOADERS } from '../../../src/engine/generated/page-registry';
import { dictionaries } from '../../../src/engine/dictionary/dictionaries';
import { sessionStore } from '../../../src/lib/session/store';
import { loginResult, MENU_SOURCE } from '../support/session';

export const loadTemplatePage = (): Promise<LoadedPage> => PAGE_LOADERS.inspectionTemplate();

/** The real menu with the template page's actions replaced by `actions`. */
function menuWith(actions: string[]): MenuSourceNode[] {
  const walk = (nodes: MenuSourceNode[]): MenuSourceNode[] =>
    nodes.map((n) => ({ ...n, ...(n.path === 'Maintenance/template' ? { actions } : {}), children: n.children ? walk(n.children) : undefined }));
  return walk(MENU_SOURCE);
}

export function signIn(actions: string[] = ['search', 'add', 'edit', 'delete']): void {
  dictionaries.clear();
  sessionStore.set({ token: 'acc-1', userInfo: loginResult(), menu: expandSource(menuWith(actions)) });
}

export const templateRow = (i: number) => ({
  id: String(i),
  deviceType: '塔吊',
  projectId: '11',
  projectName: '南充人民医院项目',
  description: `第${i}个模板的描述`,
  contentName: `塔吊巡检表${i}`,
  otherList: JSON.stringify([{ typeName: '安全装置', serNum: '1', content: [{ question: '限位器是否灵敏', answer: [{ id: '1', name: '合格', value: '1' }] }] }]),
  machineryList: '[]',
  repairList: '',
  maintainList: '[]',
  companyName: '蜀建集团有限公司',
});

export const pageInfo = (index: number, size: number, total: number) => ({
  has_next: (index + 1) * size < total,
  has_prev: index > 0,
  p_index: index,
  p_size: size,
  record_count: total,
});

export function renderEngine(ui: ReactElement) {
  // A list keeps its state in the address bar (list-url.ts): every test starts from a bare one.
  window.history.replaceState(null, '', '/');
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, revalidateOnFocus: false }}>
      <AppProviders>{ui}</AppProviders>
    </SWRConfig>,
  );
}

// Story: a configurator adds pages as JSON; every generated page of the menu tree must open from the
// menu with seeded rows and without a console error. The list of pages is read from schemas/menus.json,
// so a new `page:` entry is covered the moment it is added.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newPage, snap } from './support/browser';
import { goInApp, LoginScreen } from './support/console';
import { withConsole } from './support/server';
import { seriousViolations } from './support/axe';

type MenuNode = { id: string; path: string; title: string; view?: string; functionType: number; children?: MenuNode[] };

/**
 * Areas whose rows belong to a company of the group other than the group itself (company scope): their
 * pages are opened by an account of that company. The ready-mix plant's pages (搅拌站管理) show 华鼎's rows.
 */
const AREA_ACCOUNTS: Readonly<Record<string, string>> = {
  concretePlant: 'jiaobanzhan01',
  // The plant's own devices (docs/devices.md): 混凝土设备 and 搅拌机械 are 华鼎's rows.
  'deviceLedger.concDevice': 'jiaobanzhan01',
  'deviceLedger.deviceMachine': 'jiaobanzhan01',
  // The tankers' 车载定位 terminals are 监测设备 of the plant's project.
  'deviceManagement.monitorDevice': 'jiaobanzhan01',
  // 监督管理 (docs/supervision.md): the plans are the 住建局's own rows, opened by its supervisor.
  supervision: 'jianguan01',
};
const accountOf = (id: string) => AREA_ACCOUNTS[id] ?? AREA_ACCOUNTS[id.split('.')[0]] ?? 'sysadmin';

/** Every menu leaf whose view is a generated page, with its route (the paths of its ancestors joined). */
function generatedPages(): Array<{ id: string; title: string; route: string }> {
  const { menus } = JSON.parse(readFileSync('schemas/menus.json', 'utf8')) as { menus: MenuNode[] };
  const out: Array<{ id: string; title: string; route: string }> = [];
  const walk = (nodes: MenuNode[], prefix: string) => {
    for (const node of nodes) {
      const route = `${prefix}/${node.path}`;
      if (node.view?.startsWith('page:')) out.push({ id: node.id, title: node.title, route });
      if (node.children) walk(node.children, route);
    }
  };
  walk(menus, '');
  return out;
}

const env = withConsole();

describe('every generated page of the menu tree, as sysadmin (or the account of the area’s company)', () => {
  const pages = generatedPages();

  it('the menu names generated pages', () => {
    expect(pages.length).toBeGreaterThanOrEqual(3);
  });

  it('each opens with seeded rows, no console error and no serious accessibility fault', async () => {
    const problems: string[] = [];
    for (const account of [...new Set(pages.map((p) => accountOf(p.id)))]) {
      const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
      await new LoginScreen(page).loginAs(account);
      for (const { id, title, route } of pages.filter((p) => accountOf(p.id) === account)) {
        const errorsBefore = consoleErrors.length;
        // Inside the app, as a menu click goes (one load of the scripts per account, not one per page).
        await goInApp(page, route);
        // An empty table may show for a moment while the first page loads, so wait for this page's own rows
        // and only then look at what the page shows instead.
        const outcome = await page
          .locator('.ant-table-row:not([data-before-nav]), .engine-infinite-item:not([data-before-nav])')
          .first()
          .waitFor({ timeout: 15_000 })
          .then(() => 'rows')
          .catch(async () => ((await page.getByText('该页面尚未配置').count()) > 0 ? 'unconfigured' : 'no rows'));
        if (outcome !== 'rows') {
          problems.push(`${title} (${id}, ${route}): ${outcome}`);
          await snap(page, `every-page-${id}`);
        }
        // WCAG 2.1 AA by axe-core: no critical or serious violation on any generated list (issue 27).
        for (const violation of await seriousViolations(page)) problems.push(`${title} (${id}): ${violation}`);
        const errors = consoleErrors.slice(errorsBefore);
        if (errors.length > 0) problems.push(`${title} (${id}): console error ${errors.join(' | ')}`);
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 600_000);
});

// Story: a configurator adds pages as JSON; every generated page of the menu tree must open from the
// menu with seeded rows and without a console error. The list of pages is read from schemas/menus.json,
// so a new `page:` entry is covered the moment it is added.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newPage, snap } from './support/browser';
import { goInApp, LoginScreen } from './support/console';
import { withConsole } from './support/server';
import { seriousViolations } from './support/axe';
import { overlaps, tableLayout } from './support/list-measure';

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

/** The widths every list is measured at, each 1080 px high (issue 27). */
const WIDTHS = [1920, 1440, 1024];
/** Of a page of 20 rows, at least this many wholly in view at 1080 px high. */
const ROWS_IN_VIEW = 15;

/** After a resize: the list has measured its box again and drawn (a few frames). */
const framesLater = (page: import('playwright-core').Page) =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => done())))));

/** What a user sees of a table page at each width: rows in view, data under the fixed column, cut titles. */
async function layoutFaults(page: import('playwright-core').Page): Promise<string[]> {
  if ((await page.locator('.engine-table .ant-table-row').count()) === 0) return [];
  const faults: string[] = [];
  // The notice banner (13 s to 50 s after the back office opens, docs/console-shell.md) lends the list
  // its height for a while; measured as a user sees the list once it is closed.
  const banner = page.locator('.notice-banner .ant-alert-close-icon');
  if (await banner.isVisible()) await banner.click();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 1080 });
    await framesLater(page);
    await framesLater(page);
    const t = await tableLayout(page);
    const wanted = Math.min(ROWS_IN_VIEW, t.rows);
    if (t.visibleRows < wanted) await snap(page, `every-page-rows-${width}-${new URL(page.url()).pathname.split('/').pop()}`);
    if (t.visibleRows < wanted) faults.push(`${width}: ${t.visibleRows} of ${t.rows} rows in view (row ${Math.round(t.rowHeight)} px, body ${Math.round(t.body.height)} px from ${Math.round(t.body.y)})`);
    const found = await overlaps(page);
    if (found.covered.length) faults.push(`${width}: under 操作 ${found.covered.join('、')}`);
    if (found.cutTitles.length) faults.push(`${width}: titles cut ${found.cutTitles.join('、')}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  return faults;
}

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
        // Rows in view and nothing under the fixed column, at 1920, 1440 and 1024 wide (issue 27).
        if (outcome === 'rows') for (const fault of await layoutFaults(page)) problems.push(`${title} (${id}) ${fault}`);
        const errors = consoleErrors.slice(errorsBefore);
        if (errors.length > 0) problems.push(`${title} (${id}): console error ${errors.join(' | ')}`);
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 600_000);
});

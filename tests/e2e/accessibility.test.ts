// Story: a user of a screen reader or with weak sight signs in, reads the home page, adds and edits a
// worker and looks at the walls — axe-core (WCAG 2.1 A/AA) finds no critical or serious fault on the way
// (issue 27). The generated lists are swept in every-page.test.ts, a workflow move's dialog in
// workflow.test.ts and the import preview in import-labels.test.ts.
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { newPage } from './support/browser';
import { LoginScreen } from './support/console';
import { dialogTitled, rows } from './support/engine-page';
import { withConsole } from './support/server';

const env = withConsole();

/** One wall of each family: a company's, a project's (with and without a tunnel), the plant's, a monitoring one. */
const SCREENS = [
  '/LargeScreen/EnterpriseScreen/engineering',
  '/LargeScreen/ProjectScreen/projectOverview?pjctid1=1',
  '/LargeScreen/ProjectScreen/tunnelManager?pjctid1=1',
  '/LargeScreen/MixingPlant',
  '/LargeScreen/EnterpriseScreen/environment',
];

describe('accessibility by axe-core', () => {
  it('the login page, the home page, and the 新增 and 编辑 dialogs of 花名册', async () => {
    const { page, context } = await newPage(env.browser, env.server.baseUrl);
    await page.goto('/login');
    await page.getByRole('button', { name: /登\s*录/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await new LoginScreen(page).loginAs('qiye01');
    await page.goto('/backHome');
    await page.locator('.ant-progress').first().waitFor({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/personnel/data');
    await rows(page).first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: /新\s*增/ }).first().click();
    const create = dialogTitled(page, '新增人员');
    await create.locator('.ant-formily-item').first().waitFor();
    expect(await seriousViolations(page, { include: '.ant-modal' })).toEqual([]);
    await create.getByRole('button', { name: /取\s*消/ }).click();
    await create.waitFor({ state: 'hidden' });

    await rows(page).first().getByRole('button', { name: /编\s*辑/ }).click();
    const edit = page.locator('.ant-modal').filter({ hasText: '编辑' });
    // The form is filled from the record: wait for a value in it.
    await expect.poll(() => edit.locator('input').first().inputValue(), { timeout: 15_000 }).not.toBe('');
    expect(await seriousViolations(page, { include: '.ant-modal' })).toEqual([]);
    await context.close();
  }, 120_000);

  it('five large screens', async () => {
    const { page, context } = await newPage(env.browser, env.server.baseUrl, { width: 1920, height: 1080 });
    await new LoginScreen(page).loginAs('qiye01');
    const problems: string[] = [];
    for (const route of SCREENS) {
      await page.goto(route);
      await page.locator('.ls-body .ls-panel').first().waitFor({ timeout: 20_000 });
      // Panels fill in as their calls answer: look once none is loading.
      await expect.poll(() => page.locator('.ls-panel[aria-busy="true"]').count(), { timeout: 30_000 }).toBe(0);
      for (const violation of await seriousViolations(page)) problems.push(`${route}: ${violation}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});

// 项目进度计划 and 进度管理 of issue 15 in Chromium against the real server (docs/schedule.md): the project
// user xiangmu01 opens the schedule (a WBS tree), switches to 甘特图 and sees a bar for the seeded tasks,
// milestones as diamonds and the today line, edits a task's progress, reaches the page through the §2.5
// address /projectManage/taskList and the 在建 projects through /pName/constructionManagement, and opens the
// 进度管理 screen with its S-curve. No console error.
import { describe, expect, it } from 'vitest';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';
import { confirm, dialogTitled, fill, rowOf, rows } from './support/engine-page';
import { expectPanelsReady, openScreen } from './support/screens';

const env = withConsole();

describe('项目进度计划', () => {
  it('list and Gantt of the seeded schedule, a progress edit, the §2.5 addresses and the 进度管理 screen', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('xiangmu01');

    // The §2.5 back office of 项目概况 leads to the schedule.
    await page.goto('/projectManage/taskList');
    await page.waitForURL((u) => u.pathname === '/ProjectSchedules/Projectschedule');
    await rowOf(page, '13~18层主体结构施工').first().waitFor({ timeout: 20_000 });
    const shown = await rows(page).count();
    expect(shown).toBeGreaterThanOrEqual(30);
    await snap(page, 'schedule-list');

    // 甘特图: a bar (or a diamond) per task, the today line.
    await page.locator('.engine-toolbar .ant-segmented-item', { hasText: '甘特图' }).click();
    const chart = page.locator('svg.engine-gantt-chart');
    await chart.waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator('.engine-gantt-row').count(), { timeout: 15_000 }).toBe(shown);
    const bars = await page.locator('rect.engine-gantt-planned').count();
    const diamonds = await page.locator('polygon.engine-gantt-milestone').count();
    expect(bars + diamonds).toBe(shown);
    expect(diamonds).toBeGreaterThanOrEqual(5);
    expect(await page.locator('rect.engine-gantt-actual.engine-gantt-late').count()).toBeGreaterThan(0);
    expect(await page.locator('.engine-gantt-today').count()).toBe(1);
    await expect.poll(() => page.locator('path.engine-gantt-link').count(), { timeout: 15_000 }).toBeGreaterThan(10);
    // The axis scrolls sideways, today in view.
    const scroll = await page.getByTestId('gantt-scroll').evaluate((el) => ({ left: el.scrollLeft, width: el.scrollWidth, box: el.clientWidth }));
    expect(scroll.width).toBeGreaterThan(scroll.box);
    expect(scroll.left).toBeGreaterThan(0);
    await snap(page, 'schedule-gantt');

    // Back to 列表: report progress on 13~18层主体结构施工.
    await page.locator('.engine-toolbar .ant-segmented-item', { hasText: '列表' }).click();
    const floors = rowOf(page, '13~18层主体结构施工').first();
    await floors.getByRole('button', { name: /编\s*辑/ }).click();
    const edit = dialogTitled(page, '编辑进度任务');
    await edit.waitFor();
    await fill(edit, '完成进度\\(%\\)', '72');
    await confirm(edit);
    await edit.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => rowOf(page, '13~18层主体结构施工').first().innerText(), { timeout: 15_000 }).toContain('72');

    // The enterprise overview's back office: 项目列表 of the projects under construction.
    await page.goto('/pName/constructionManagement');
    await page.waitForURL((u) => u.pathname === '/projectManage/crmProject');
    await rowOf(page, '甜城湖片区棚户区改造项目').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => rows(page).count()).toBe(1);

    // 进度管理: every panel from one call, the S-curve drawn.
    await openScreen(page, '/LargeScreen/ProjectScreen/ScheduleManagement');
    await expectPanelsReady(page);
    const curve = page.locator('.ls-panel[aria-label="计划与实际进度（S曲线）"]');
    await curve.locator('canvas').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.ls-panel[aria-label="延期任务"]').innerText()).toContain('通风空调系统安装');
    await snap(page, 'schedule-screen');

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

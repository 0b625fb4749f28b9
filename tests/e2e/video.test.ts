// Story (§2.4 视频监控, docs/video.md): a project user (xiangmu01) watches the cameras of their projects —
// the project video wall plays live video (the server's demo stream over HLS, hls.js in Chromium), the back
// office's 视频预览 plays a split and sends a PTZ command, 录像回放 plays a recorded range, and 视频轮巡
// switches its camera groups on its timer and holds them while paused. Never more than 9 decoders.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { expectPlaying } from './support/screens';
import { withConsole } from './support/server';

const env = withConsole();

const decoders = (page: Page) => page.evaluate(() => (window as unknown as { __videoDecoders?: number }).__videoDecoders ?? 0);

describe('video monitoring', () => {
  it('plays the project video wall and the back office preview with PTZ', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl, { width: 1920, height: 1080 });
    await new LoginScreen(page).loginAs('xiangmu01');

    await page.goto('/LargeScreen/ProjectScreen/video');
    const wall = page.getByRole('list', { name: '监控画面' });
    await wall.waitFor({ timeout: 20_000 });
    const playing = wall.locator('.vp[data-state="playing"] video').first();
    await expectPlaying(playing);
    expect(await wall.getByRole('button').first().getAttribute('aria-label')).toMatch(/（(在线|离线)）$/);
    // 16 tiles on a 4-camera project: every camera plays, the empty slots say 无信号.
    await page.getByRole('radio', { name: '16分屏' }).click();
    await expect.poll(() => wall.getByRole('listitem').count()).toBe(16);
    await expect.poll(() => decoders(page)).toBeLessThanOrEqual(9);
    await snap(page, 'video-project-wall-1920');

    await page.goto('/VideoMonitoring/Preview');
    const preview = page.getByRole('list', { name: '预览画面' });
    await preview.waitFor({ timeout: 20_000 });
    await expectPlaying(preview.locator('.vp[data-state="playing"] video').first());
    // Tile 1 holds 1#视频监控 of 甜城湖 (online, with a control address): the PTZ pad shows and sends.
    const pad = page.getByRole('group', { name: '云台控制' });
    await pad.waitFor({ timeout: 10_000 });
    await pad.getByRole('button', { name: '左' }).click();
    await page.getByText('已发送云台指令：左').waitFor();
    // A camera of the tree plays in the selected tile.
    await page.getByRole('button', { name: '选择画面2' }).click();
    await page.locator('.vmo-tree [data-camera]').filter({ hasText: '4#视频监控' }).click();
    await expect.poll(() => page.locator('.vmo-current').innerText()).toContain('画面3');
    await expect.poll(() => preview.getByRole('listitem').nth(1).innerText()).toContain('4#视频监控');
    await snap(page, 'video-preview');
    expect(await decoders(page)).toBeLessThanOrEqual(9);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('plays a recorded range and patrols camera groups on a timer', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl, { width: 1440, height: 900 });
    await new LoginScreen(page).loginAs('xiangmu01');

    await page.goto('/VideoMonitoring/Playback');
    await page.locator('.vmo-tree [data-camera]').first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: /回\s*放/ }).click();
    const recording = page.locator('.vmo-playback .vp video');
    await expectPlaying(recording);
    await expect.poll(() => page.locator('.vmo-playback .vp').getAttribute('data-state')).toBe('playing');
    await snap(page, 'video-playback');

    // 4 per group over xiangmu01's five cameras: two groups, switched every 2 s.
    await page.goto('/VideoMonitoring/Live?interval=2');
    const group = page.getByLabel('当前分组');
    await expect.poll(() => group.innerText(), { timeout: 20_000 }).toBe('第 1 / 2 组');
    const firstNames = await page.getByRole('list', { name: '轮巡画面' }).innerText();
    await expect.poll(() => group.innerText(), { timeout: 8_000 }).toBe('第 2 / 2 组');
    expect(await page.getByRole('list', { name: '轮巡画面' }).innerText()).not.toBe(firstNames);
    await page.getByRole('button', { name: '暂停轮巡' }).click();
    const held = await group.innerText();
    await page.waitForTimeout(3000);
    expect(await group.innerText()).toBe(held);
    await page.getByRole('button', { name: '继续轮巡' }).click();
    await expect.poll(() => group.innerText(), { timeout: 8_000 }).not.toBe(held);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

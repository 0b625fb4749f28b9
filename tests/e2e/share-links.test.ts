// Story (§2.2 /ysyiframe and /ifc, docs/share-links.md): an enterprise user (qiye01) copies the embed link of
// a camera from 视频预览; someone without an account opens it — alone and inside another site's iframe —
// and the video plays; a tampered link says 链接无效或已过期. The user uploads a project's BIM model (the
// public IfcOpenHouse sample), looks at it in the console, shares it; the shared /ifc page draws the house
// (pixels of the screenshot that are not the background); a file without geometry gets a Chinese reason.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { expectPlaying } from './support/screens';
import { withConsole } from './support/server';

const env = withConsole();
const FIXTURE = new URL('../fixtures/ifc/IfcOpenHouse_IFC4.ifc', import.meta.url);
const BACKGROUND = [0xee, 0xf1, 0xf5];

/** The share of the element's screenshot pixels that differ clearly from the viewer's background. */
async function drawnShare(page: Page, selector: string): Promise<number> {
  const png = (await page.locator(selector).screenshot()).toString('base64');
  return page.evaluate(
    async ({ png, bg }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      let drawn = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - bg[0]) + Math.abs(data[i + 1] - bg[1]) + Math.abs(data[i + 2] - bg[2]) > 40) drawn += 1;
      }
      return drawn / (data.length / 4);
    },
    { png, bg: BACKGROUND },
  );
}

/** Closes the open dialog and waits until it is gone. */
async function closeDialog(page: Page): Promise<void> {
  await page.locator('.ant-modal-wrap:visible .ant-modal-close').last().click();
  await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
}

/** Makes a link in the open dialog and answers it. */
async function makeLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: '生成并复制链接' }).click();
  const field = page.getByRole('textbox', { name: '分享链接' });
  await field.waitFor({ timeout: 15_000 });
  const link = await field.inputValue();
  await closeDialog(page);
  return link;
}

describe('share links', () => {
  it('plays a shared camera at /ysyiframe, alone and framed by another site; refuses a tampered link', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('qiye01');
    await page.goto('/VideoMonitoring/Preview');
    await page.getByRole('button', { name: '复制嵌入链接' }).click();
    await page.getByText('持有链接的人无需登录即可查看该内容').waitFor();
    const link = await makeLink(page);
    expect(link).toMatch(/\/ysyiframe\?token=camera\./);
    await context.close();

    // Nobody signed in: a fresh context, no cookies, no storage.
    const anon = await newPage(env.browser, env.server.baseUrl, { width: 960, height: 540 });
    await anon.page.goto(link);
    await expectPlaying(anon.page.locator('.share-frame .vp video'));
    // Full size, no console chrome.
    const box = await anon.page.locator('.share-frame .vp').boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 960, height: 540 });
    expect(await anon.page.locator('.ant-layout, nav, header').count()).toBe(0);
    await snap(anon.page, 'share-ysyiframe');

    // Another site's page (another origin: a server of its own on another port) frames it; /ifc it may not frame.
    const hostPage = `<!doctype html><body style="margin:0"><iframe id="cam" src="${link}" width="640" height="360" allow="autoplay"></iframe><iframe id="ifc" src="${env.server.baseUrl}/ifc?token=x" width="200" height="100"></iframe></body>`;
    const site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostPage));
    await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
    const foreign = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    await anon.page.goto(`${foreign}/host.html`);
    const camFrame = anon.page.frameLocator('#cam');
    await expectPlaying(camFrame.locator('.share-frame .vp video'));
    // By the time the camera plays, an allowed /ifc frame would long show its page: it shows nothing.
    expect(await anon.page.frameLocator('#ifc').locator('.bim-page').count()).toBe(0);
    await new Promise((done) => site.close(done));

    // One character changed: refused, in Chinese, nothing plays.
    const tampered = link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    await anon.page.goto(tampered);
    await expect.poll(() => anon.page.getByRole('alert').innerText()).toBe('链接无效或已过期');
    expect(await anon.page.locator('video').count()).toBe(0);
    await anon.page.goto('/ysyiframe');
    await expect.poll(() => anon.page.getByRole('alert').innerText()).toBe('链接无效或已过期');
    expect(anon.consoleErrors.filter((e) => !/Refused to frame|frame-ancestors|403|Failed to load resource/.test(e))).toEqual([]);
    await anon.context.close();
    expect(consoleErrors).toEqual([]);
  }, 240_000);

  it('uploads a BIM model, views it in the console, and draws it at /ifc from a share link', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('qiye01');
    await page.goto('/projectManage/bimModel');
    const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await firstRow.waitFor({ timeout: 20_000 });
    const chooser = page.waitForEvent('filechooser');
    await firstRow.getByRole('button', { name: '上传模型' }).click();
    await (await chooser).setFiles(FIXTURE.pathname);
    await page.getByText('BIM模型上传成功').waitFor({ timeout: 30_000 });
    await expect.poll(() => firstRow.innerText()).toContain('IfcOpenHouse_IFC4.ifc');

    await firstRow.getByRole('button', { name: '查看模型' }).click();
    const viewer = page.locator('.ant-modal .bim-viewer');
    await expect.poll(() => viewer.getAttribute('data-state'), { timeout: 60_000 }).toBe('ready');
    expect(await drawnShare(page, '.ant-modal .bim-stage')).toBeGreaterThan(0.05);
    await closeDialog(page);

    await firstRow.getByRole('button', { name: '分享链接' }).click();
    const link = await makeLink(page);
    expect(link).toMatch(/\/ifc\?token=bim\./);

    // A second project's model that holds no geometry: the viewer says so.
    const secondRow = page.locator('.ant-table-tbody tr.ant-table-row').nth(1);
    const empty = "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\nFILE_NAME('empty.ifc','2026-12-02T00:00:00',(''),(''),'','','');\nFILE_SCHEMA(('IFC4'));\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n";
    const chooser2 = page.waitForEvent('filechooser');
    await secondRow.getByRole('button', { name: '上传模型' }).click();
    await (await chooser2).setFiles({ name: 'empty.ifc', mimeType: 'application/octet-stream', buffer: Buffer.from(empty) });
    await expect.poll(() => secondRow.innerText(), { timeout: 30_000 }).toContain('empty.ifc');
    await secondRow.getByRole('button', { name: '查看模型' }).click();
    await expect.poll(() => page.locator('.ant-modal .bim-viewer').getAttribute('data-state'), { timeout: 60_000 }).toBe('error');
    expect(await page.locator('.ant-modal .bim-viewer [role="alert"]').innerText()).toBe('BIM模型中没有可显示的构件');
    await closeDialog(page);
    // Not IFC at all: refused at the upload, in Chinese.
    const chooser3 = page.waitForEvent('filechooser');
    await secondRow.getByRole('button', { name: '上传模型' }).click();
    await (await chooser3).setFiles({ name: 'notes.ifc', mimeType: 'application/octet-stream', buffer: Buffer.from('这不是模型') });
    await page.getByText('文件不是有效的IFC模型（IFC文件以 ISO-10303-21 开头）').waitFor({ timeout: 15_000 });
    await context.close();

    const anon = await newPage(env.browser, env.server.baseUrl, { width: 1280, height: 720 });
    await anon.page.goto(link);
    const shared = anon.page.locator('.bim-viewer');
    await expect.poll(() => shared.getAttribute('data-state'), { timeout: 60_000 }).toBe('ready');
    expect(await anon.page.locator('.bim-title').innerText()).toContain('IfcOpenHouse_IFC4.ifc');
    const before = await drawnShare(anon.page, '.bim-stage');
    expect(before).toBeGreaterThan(0.05);
    // Zoom in with the wheel: the model covers more of the view; 适应窗口 brings it back.
    const stage = await anon.page.locator('.bim-stage').boundingBox();
    await anon.page.mouse.move(stage!.x + stage!.width / 2, stage!.y + stage!.height / 2);
    for (let i = 0; i < 5; i += 1) await anon.page.mouse.wheel(0, -300);
    await expect.poll(() => drawnShare(anon.page, '.bim-stage')).toBeGreaterThan(before * 1.3);
    await anon.page.getByRole('button', { name: '适应窗口' }).click();
    await expect.poll(() => drawnShare(anon.page, '.bim-stage')).toBeLessThan(before * 1.1);
    await snap(anon.page, 'share-ifc');

    await anon.page.goto(link.replace('token=bim.', 'token=camera.'));
    await expect.poll(() => anon.page.getByRole('alert').innerText()).toBe('链接无效或已过期');
    expect(readFileSync(FIXTURE).subarray(0, 13).toString()).toBe('ISO-10303-21;');
    expect(anon.consoleErrors).toEqual([]);
    await anon.context.close();
    expect(consoleErrors).toEqual([]);
  }, 240_000);
});

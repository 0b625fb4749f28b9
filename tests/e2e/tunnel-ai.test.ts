// Stories of 隧道管理 and AI识别 (docs/tunnel.md, docs/ai-recognition.md) in Chromium against the real server:
// an AI camera pushes a signed 未佩戴安全帽 event with its snapshot through the device endpoint; qiye01 sees it
// with the picture on 质量安全 › AI识别 and handles it (处理 with a note → 已处理); a positioning reader reports
// a worker entering the face zone, and the tunnel screen of 内自同城快速通道 shows that worker inside. No
// console error.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { deviceHeaders } from '../../server/devices/signature';
import { demoSnapshot } from '../../server/screens/snapshots';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { fill, move, rowOf, rows, stateOf } from './support/engine-page';
import { openScreen, panels } from './support/screens';
import { withConsole } from './support/server';

const env = withConsole();
const CAMERA = '2024001-VIDEO-AI-01';
const READER = '2024012-POS-02';

async function push(code: string, body: unknown): Promise<unknown> {
  const text = JSON.stringify(body);
  const reply = await fetch(`${env.server.baseUrl}/prod-api/api/DeviceData/Push`, { method: 'POST', headers: deviceHeaders(code, `demo-${code}-key`, text), body: text });
  return reply.json();
}

const projectIdOf = (page: Page, name: string) =>
  page.evaluate(async (projectName) => {
    const token = document.cookie.split('; ').find((c) => c.startsWith('access_token='))?.split('=')[1] ?? '';
    const r = await fetch('/prod-api/api/Project/WhereProjectList?index=0&size=500', { headers: { Authorization: `Bearer ${token}` } });
    const body = (await r.json()) as { data?: Array<{ projectPosInfo: { id: string; projectName: string } }> };
    return (body.data ?? []).map((p) => p.projectPosInfo).find((p) => p.projectName === projectName)?.id;
  }, name);

describe('隧道管理 and AI识别, as qiye01', () => {
  it('an AI event pushed with its snapshot is listed on AI识别 and handled', async () => {
    const place = `E2E钢筋棚${Date.now() % 100000}`;
    const image = demoSnapshot('helmet', 2, false).toString('base64');
    expect(await push(CAMERA, { data: {}, event: { type: 'helmet', message: place, image } })).toMatchObject({ status: 1 });

    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('qiye01');
    await page.goto('/quality/aiEvent');
    await rows(page).first().waitFor({ timeout: 20_000 });
    const row = rowOf(page, place);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toContain('未佩戴安全帽');
    // The snapshot shows in the row, loaded from the upload store.
    const picture = row.locator('img').first();
    await picture.waitFor({ timeout: 10_000 });
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(192);
    expect(await stateOf(row)).toBe('未处理');
    await snap(page, 'ai-event-list');
    await move(page, row, '处理', async (dialog) => {
      await fill(dialog, '处理说明', '已责令佩戴安全帽并进行安全教育');
    });
    await expect.poll(() => stateOf(row), { timeout: 15_000 }).toBe('已处理');
    expect(await row.innerText()).toContain('李明');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a worker entering the face zone shows inside on the tunnel screen', async () => {
    expect(await push(READER, { data: { tagCode: 'FMS-001', direction: 'in' } })).toMatchObject({ status: 1 });
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('qiye01');
    const id = await projectIdOf(page, '内自同城快速通道（大安段）');
    expect(id).toBeTruthy();
    await openScreen(page, `/LargeScreen/ProjectScreen/tunnelManager?sortId=21&pjctid1=${id}`);
    await expect
      .poll(async () => (await panels(page)).find((p) => p.title === '洞内人员名单')?.text ?? '', { timeout: 20_000 })
      .toContain('崔德全');
    const shown = await panels(page);
    expect(shown.find((p) => p.title === '洞内人员分布')?.text).toContain('右洞进口掌子面');
    expect(shown.find((p) => p.title === '隧道纵断面')?.text).toContain('凤鸣山隧道右洞');
    expect(shown.every((p) => p.state === 'ready')).toBe(true);
    await snap(page, 'tunnel-screen');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

// `npm run dev` schema reload (scripts/dev.mjs, server/dev-schemas.ts, server/dev-reload.ts): the real
// supervisor runs the real server on a copy of schemas/. A good edit is live without a restart (pages in
// place, entities and menus by a rebuild of the app in the same process), requests arriving meanwhile are
// answered; a bad one is reported in Chinese and English while the last good schemas keep answering;
// fixing it applies the fix.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import { DEMO_PASSWORD } from '../../server/seed/demo-accounts';
import { PATHS } from '../../server/http/paths';
import { freePort } from '../support/free-port';

// The dev server runs on its own PGlite folder whatever DATABASE_URL says: the PostgreSQL pass of the
// suite would only repeat this file, so it runs on the PGlite pass.
const onPglite = !process.env.DATABASE_URL;
const work = mkdtempSync(join(tmpdir(), 'zhgd-dev-'));
const schemas = join(work, 'schemas');
const noticeFile = join(schemas, 'entities', 'sys-notice.json');
let dev: ChildProcess;
let output = '';
let base = '';
let token = '';


async function until(what: string, check: () => boolean | Promise<boolean>, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      /* not listening (restarting) */
    }
    if (Date.now() > deadline) throw new Error(`${what} not seen in ${ms} ms:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function logIn(): Promise<string> {
  const service = (await (await fetch(`${base}${PATHS.getToken}`)).json()) as { data: string };
  const form = new URLSearchParams({ grant_type: 'password', loginType: '1', userName: 'qiye01', password: DEMO_PASSWORD, confirmPhone: '', confirmCode: '', companyId: '', companyName: '' });
  const reply = await fetch(`${base}${PATHS.login}?token=${service.data}&fromplat=pc&wid=11`, { method: 'POST', body: form });
  return ((await reply.json()) as { data: { access_token: string } }).data.access_token;
}

/** The answer to a notice whose title is one character too long: the entity's own message. */
async function tooLongTitle(): Promise<string> {
  const reply = await fetch(`${base}${API_BASE}/api/SysNotice/AddSysNotice`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', fromplat: 'pc' },
    body: JSON.stringify({ title: '长'.repeat(101), content: '内容' }),
  });
  return ((await reply.json()) as { detail?: string }).detail ?? '';
}

const editNotice = (edit: (text: string) => string) => writeFileSync(noticeFile, edit(readFileSync(noticeFile, 'utf8')));
const restarts = () => output.split('智慧工地控制台已启动').length - 1;
const applied = () => output.split('配置已生效').length - 1;
const authorized = () => ({ authorization: `Bearer ${token}`, fromplat: 'pc' });

beforeAll(async () => {
  if (!onPglite) return;
  cpSync('schemas', schemas, { recursive: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dev = spawn(process.execPath, ['scripts/dev.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(work, 'data'), DATABASE_URL: '', SIMULATOR: '0', DEMO_DATA: '0', SCHEMAS_DIR: schemas, DEV_VITE: '0', DEV_CODEGEN: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev.stdout?.on('data', (d) => (output += d));
  dev.stderr?.on('data', (d) => (output += d));
  // Generous: the supervisor starts the server under tsx on a machine that may be running other suites.
  await until('the first start', () => restarts() === 1, 180_000);
  token = await logIn();
}, 200_000);

afterAll(async () => {
  if (dev && dev.exitCode === null) {
    const exited = new Promise((r) => dev.once('exit', r));
    dev.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  }
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!onPglite)('npm run dev reloads edited schemas', () => {
  it('applies a good edit of an entity in the running process, answering requests meanwhile', async () => {
    expect(await tooLongTitle()).toBe('公告标题不能超过100个字');
    // Requests all through the rebuild: each is answered by the old app or the new one, none refused.
    const statuses: number[] = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const reply = await fetch(`${base}${API_BASE}/api/Meta/Version`, { headers: authorized() });
        statuses.push(reply.status);
        await reply.arrayBuffer();
      }
    })();
    const saved = Date.now();
    editNotice((t) => t.replace('公告标题不能超过100个字', '标题最多100个字'));
    await until('the new message', async () => (await tooLongTitle()) === '标题最多100个字', 30_000);
    // A figure for the record, not a timed assertion (the machine may be busy).
    console.log(`entity schema live in ${Date.now() - saved} ms`);
    polling = false;
    await poll;
    // The process's log line can reach this test's pipe after the new app already answers.
    await until('the 配置已生效 line', async () => applied() >= 1, 10_000);
    expect(applied()).toBe(1);
    expect(restarts()).toBe(1);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('applies a menu edit in the running process: the session reads the new menu', async () => {
    const menuFile = join(schemas, 'menus.json');
    const menu = async () => {
      const reply = await fetch(`${base}${API_BASE}/api/Meta/Menu`, { headers: authorized() });
      return ((await reply.json()) as { data: { MenuPermissions: string } }).data.MenuPermissions;
    };
    expect(await menu()).toContain('"项目管理"');
    const saved = Date.now();
    writeFileSync(menuFile, readFileSync(menuFile, 'utf8').replace('"title": "项目管理"', '"title": "项目台账"'));
    await until('the new menu', async () => (await menu()).includes('"项目台账"'), 30_000);
    console.log(`menu schema live in ${Date.now() - saved} ms`);
    expect(await menu()).not.toContain('"项目管理"');
    expect(applied()).toBe(2);
    expect(restarts()).toBe(1);
  });

  it('applies an edit of a page alone in place, without a restart, and moves the version', async () => {
    const pageFile = join(schemas, 'pages', 'sys-notice.json');
    const pageTitle = async () => {
      const reply = await fetch(`${base}${API_BASE}/api/Meta/Page?name=sysNotice`, { headers: { authorization: `Bearer ${token}`, fromplat: 'pc' } });
      return ((await reply.json()) as { data?: { page: { title: string } } }).data?.page.title;
    };
    const before = await pageTitle();
    expect(before).toBeTruthy();
    const version = async () => ((await (await fetch(`${base}${API_BASE}/api/Meta/Version`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { version: string } }).data.version;
    const v0 = await version();
    const saved = Date.now();
    writeFileSync(pageFile, readFileSync(pageFile, 'utf8').replace(`"title": "${before}"`, '"title": "通知公告（即时生效）"'));
    await until('the page live', async () => (await pageTitle()) === '通知公告（即时生效）', 10_000);
    // A figure for the record, not a timed assertion (the machine may be busy).
    console.log(`page schema live in ${Date.now() - saved} ms`);
    expect(await version()).not.toBe(v0);
    // The log line may reach the pipe just after the reloaded page answers.
    await until('the 页面配置已即时生效 line', () => output.includes('页面配置已即时生效'), 10_000);
    expect(output).toContain('页面配置已即时生效');
    expect(applied()).toBe(2);
    expect(restarts()).toBe(1);
  });

  it('keeps the last good schemas running on a bad edit, reports it, and applies the fix', async () => {
    editNotice((t) => t.replace('"type": "text"', '"type": "textt"'));
    await until('the problem report', () => output.includes('继续使用上一次正确的配置'));
    expect(output).toMatch(/sys-notice\.json/);
    expect(output).toContain('schemas/ 有 1 个配置问题');
    expect(applied()).toBe(2);
    expect(await tooLongTitle()).toBe('标题最多100个字');

    editNotice((t) => t.replace('"type": "textt"', '"type": "text"').replace('标题最多100个字', '公告标题过长'));
    await until('the fix applied', () => applied() === 3);
    expect(await tooLongTitle()).toBe('公告标题过长');
    expect(restarts()).toBe(1);
  });
});

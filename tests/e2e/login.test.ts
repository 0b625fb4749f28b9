// Story: a user signs in, lands in the back office with the header and menu of their kind, and the
// guard keeps the rest of the console behind the login.
import { describe, expect, it } from 'vitest';
import { newPage, snap, type TrackedPage } from './support/browser';
import { DEMO_PASSWORD, LoginScreen, Shell } from './support/console';
import { withConsole } from './support/server';

const env = withConsole();

async function fresh(): Promise<TrackedPage> {
  return newPage(env.browser, env.server.baseUrl);
}

describe('login', () => {
  it('refuses a wrong password with the server message and stays on /login', async () => {
    const { page, context } = await fresh();
    const login = new LoginScreen(page);
    await login.open();
    await login.submit('qiye01', 'wrong-password');
    await new Shell(page).expectMessage('用户名或密码错误');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('sends a logged-out visitor to /login with the return path, and back there after login', async () => {
    const { page, context, consoleErrors } = await fresh();
    await page.goto('/MyAccount/index');
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).search)).toContain('redirect=/MyAccount/index');
    await new LoginScreen(page).submit('qiye01');
    const shell = new Shell(page);
    await shell.expectPath('/MyAccount/index');
    await page.getByText('qiye01').first().waitFor();
    expect(await page.title()).toBe('个人信息 - 项目平台');
    // 您已经登录 is for visiting /login while logged in, not for the login that just happened (§2.3).
    await page.waitForTimeout(800);
    expect(await page.locator('.ant-message-notice', { hasText: '您已经登录' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('says 您已经登录 on /login when already logged in, and a deep link survives a reload', async () => {
    const { page, context, consoleErrors } = await fresh();
    const shell = await new LoginScreen(page).loginAs('qiye01', DEMO_PASSWORD, { fresh: true });
    await shell.expectPath('/backHome');
    await page.goto('/login');
    await shell.expectMessage('您已经登录');
    await page.goto('/MessageNotification/MessageNotifications');
    await page.reload();
    await shell.expectPath('/MessageNotification/MessageNotifications');
    await page.getByRole('table').waitFor();
    await page.goto('/no/such/page');
    await page.getByText('404').first().waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('each demo account sees the header and menu of its kind', () => {
  const cases = [
    { user: 'sysadmin', buttons: ['企业管理后台', '企业大屏'], menu: ['首页', '系统管理', '设备管理'], notMenu: [] },
    { user: 'qiye01', buttons: ['企业管理后台', '企业大屏'], menu: ['首页', '项目管理', '设备管理', '系统管理'], notMenu: [] },
    { user: 'qiye02', buttons: ['企业管理后台', '企业大屏'], menu: ['首页', '设备管理'], notMenu: [] },
    { user: 'jianguan01', buttons: ['监管后台', '监管大屏'], menu: ['首页'], notMenu: ['系统管理'] },
    { user: 'xiangmu01', buttons: ['项目后台', '项目大屏'], menu: ['首页', '设备管理'], notMenu: ['系统管理'] },
  ] as const;

  for (const c of cases) {
    it(`${c.user}: ${c.buttons.join(' / ')}`, async () => {
      const { page, context, consoleErrors } = await fresh();
      const shell = await new LoginScreen(page).loginAs(c.user, DEMO_PASSWORD, { fresh: true });
      for (const b of c.buttons) await shell.headerButton(b).waitFor();
      const titles = await shell.menuTitles();
      for (const m of c.menu) expect(titles).toContain(m);
      for (const m of c.notMenu) expect(titles).not.toContain(m);
      expect(titles).toContain('我的账户');
      expect(titles).toContain('消息通知');
      expect(await page.locator('.ant-message-notice', { hasText: '您已经登录' }).count()).toBe(0);
      await page.getByText('加载中请稍后').first().waitFor({ state: 'detached' }).catch(() => {});
      await snap(page, `home-${c.user}`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  it('wuquanxian logs in but every data call is refused', async () => {
    const { page, context } = await fresh();
    const login = new LoginScreen(page);
    await login.open();
    await login.submit('wuquanxian');
    // Without data authority: one 无数据权限 page (issue 11), not a shell of empty modules.
    await page.getByText('无数据权限').first().waitFor({ timeout: 20_000 });
    const res = await page.evaluate(async () => {
      const token = document.cookie.split('; ').find((c) => c.startsWith('access_token='))?.split('=')[1] ?? '';
      const r = await fetch('/prod-api/api/SysNotice/GetSysNoticeList?index=0&size=10', { headers: { Authorization: `Bearer ${token}` } });
      return r.json();
    });
    expect(res).toMatchObject({ status: 0, code: 0, detail: '没有权限' });
    await context.close();
  });
});

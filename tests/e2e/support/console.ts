// Page objects for the back office: the login screen and the layout shell, queried by role and
// visible Chinese text as a user would find them.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrlOf } from './browser';

export const DEMO_PASSWORD = 'Demo@1234';

type SavedLogin = Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>>;

/**
 * Where a demo account's signed-in browser state (cookies, local storage) is kept for the run's shared
 * servers (global-setup.ts): the first file that signs in as a user writes it, later ones resume from it.
 * None for a page of unknown server (not made by newPage) or with E2E_SHARED=0.
 */
function savedLoginFile(page: Page, userName: string): string | undefined {
  const dir = inject('e2eShared')?.logins;
  const base = baseUrlOf(page);
  return dir && base ? join(dir, `${new URL(base).port}-${userName}.json`) : undefined;
}

/** The saved state's token, still valid on its server (a file may have logged the user out since). */
async function stillSignedIn(base: string, state: SavedLogin): Promise<boolean> {
  const token = state.cookies.find((c) => c.name === 'access_token')?.value;
  if (!token) return false;
  const res = await fetch(`${base}/prod-apicore/api/ERPUser/GetUserInfo`, { headers: { Authorization: `Bearer ${token}`, fromplat: 'pc' } });
  return res.ok && ((await res.json()) as { status?: number }).status === 1;
}

export class LoginScreen {
  constructor(readonly page: Page) {}

  async open(path = '/login'): Promise<void> {
    await this.page.goto(path);
    await this.page.getByPlaceholder('请输入用户名').waitFor();
  }

  async submit(userName: string, password = DEMO_PASSWORD): Promise<void> {
    await this.page.getByPlaceholder('请输入用户名').fill(userName);
    await this.page.getByPlaceholder('请输入密码').fill(password);
    await this.page.getByRole('button', { name: /登\s*录/ }).click();
  }

  /**
   * Logs in and waits for the back office. With the demo password on a shared server, a user signed in
   * through this form earlier in the run resumes that session (its cookies and local storage as the login
   * left them) and opens the home page, as a user coming back does; `fresh` always goes through the form
   * (the tests of login itself and of what a login stores).
   */
  async loginAs(userName: string, password = DEMO_PASSWORD, { fresh = false } = {}): Promise<Shell> {
    const shell = new Shell(this.page);
    const file = fresh || password !== DEMO_PASSWORD ? undefined : savedLoginFile(this.page, userName);
    if (file && existsSync(file)) {
      const state = JSON.parse(readFileSync(file, 'utf8')) as SavedLogin;
      if (await stillSignedIn(baseUrlOf(this.page)!, state)) {
        await this.page.context().setStorageState(state);
        await this.page.goto('/backHome');
        await shell.userMenuButton.waitFor({ timeout: 20_000 });
        return shell;
      }
    }
    await this.open();
    await this.submit(userName, password);
    await shell.userMenuButton.waitFor({ timeout: 20_000 });
    if (file) writeFileSync(file, JSON.stringify(await this.page.context().storageState()));
    return shell;
  }
}

export class Shell {
  constructor(readonly page: Page) {}

  get userMenuButton() {
    return this.page.getByRole('button', { name: '用户菜单' });
  }

  get sidebar() {
    return this.page.locator('.ant-layout-sider, .ant-drawer').first();
  }

  headerButton(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  async menuTitles(): Promise<string[]> {
    const items = this.page.locator('.ant-menu-root > li .ant-menu-title-content');
    await items.first().waitFor();
    return (await items.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  }

  /** The entries of the user dropdown. */
  async userMenuEntries(): Promise<string[]> {
    await this.userMenuButton.click();
    const menu = this.page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');
    await menu.first().waitFor();
    const texts = (await menu.allInnerTexts()).map((t) => t.trim());
    await this.page.keyboard.press('Escape');
    await this.page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor({ state: 'detached', timeout: 3000 }).catch(() => {});
    return texts;
  }

  async chooseUserMenu(entry: string): Promise<void> {
    await this.userMenuButton.click();
    await this.page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: entry }).click();
  }

  async expectMessage(text: string): Promise<void> {
    await this.page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 10_000 });
  }

  async expectPath(pathname: string): Promise<void> {
    await this.page.waitForURL((u) => u.pathname === pathname, { timeout: 15_000 });
    expect(new URL(this.page.url()).pathname).toBe(pathname);
  }
}

/** Opens an antd select and picks its first option, waiting for that dropdown to open and to close. */
export async function chooseFirstOption(page: Page, select: import('playwright-core').Locator): Promise<string> {
  await select.click();
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  const option = open.locator('.ant-select-item-option').first();
  await option.waitFor();
  const label = (await option.innerText()).trim();
  await option.click();
  await open.waitFor({ state: 'hidden' });
  return label;
}

/**
 * Goes to `route` inside the running app, as its router does on the browser's back / forward (history
 * state + popstate): no reload of the scripts, the session or the menus. Table rows shown before are
 * marked data-before-nav, so a caller can wait for the new page's own rows.
 */
export async function goInApp(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => {
    document.querySelectorAll('.ant-table-row, .engine-infinite-item').forEach((r) => r.setAttribute('data-before-nav', ''));
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, route);
  await page.waitForURL((u) => `${u.pathname}${u.search}` === route || u.pathname === route);
}

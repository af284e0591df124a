/** The shell: route guard, tabs, idle timeout, error pages, languages, logout. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { apiSignIn, DEMO_PASSWORD, loginWithPassword, navigate, useLanguage } from './helpers';

test.describe('route guard', () => {
  test('without a token a private address goes to the public site', async ({ page }) => {
    await useLanguage(page, 'zh-CN');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/web/);
    await expect(page.getByTestId('web-home')).toBeVisible();
  });

  test('the public pages and the certificate page pass without a token', async ({ page }) => {
    await useLanguage(page, 'zh-CN');
    await page.goto('/web/disclosure');
    await expect(page).toHaveURL(/\/web\/disclosure/);
    await page.goto('/cert/UNKNOWNCODE1234');
    await expect(page).toHaveURL(/\/cert\/UNKNOWNCODE1234/);
    await expect(page.getByTestId('cert-info')).toBeVisible();
    await page.goto('/certificateInfo/UNKNOWNCODE1234');
    await expect(page).toHaveURL(/\/certificateInfo\//);
  });

  test('a signed-in user on the login page goes to the home page', async ({ page }) => {
    await useLanguage(page, 'zh-CN');
    await apiSignIn(page, 'gz_cs');
    await page.goto('/user/login');
    await expect(page).toHaveURL(/\/dashboard/);
  });
});

test.describe('multi-tab bar', () => {
  test('opens a tab per page and refuses the closes that have nothing to close', async ({ page }) => {
    await useLanguage(page, 'zh-CN');
    await apiSignIn(page, 'province');
    const tabs = page.getByTestId('multi-tab-item');
    // Each tab has its own context menu; one fading out while the next opens must not take the click.
    const openMenus = page
      .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
      .filter({ has: page.getByTestId('tab-close-current') });
    const choose = async (tab: Locator, item: string) => {
      await expect(openMenus).toHaveCount(0);
      await tab.click({ button: 'right' });
      await expect(openMenus).toHaveCount(1);
      await openMenus.getByTestId(item).dispatchEvent('click');
      await expect(openMenus).toHaveCount(0);
    };
    await expect(tabs).toHaveCount(1);
    await choose(tabs.first(), 'tab-close-current');
    await expect(page.getByText('这是最后一个标签了, 无法被关闭')).toBeVisible();

    // In-app navigation (a reload would start a new tab set).
    await page.getByTestId('user-menu').hover();
    await page.getByTestId('menu-update-pwd').click();
    await expect(page.getByTestId('update-pwd')).toBeVisible();
    await expect(tabs).toHaveCount(2);
    await choose(tabs.first(), 'tab-close-left');
    await expect(page.getByText('左侧没有标签')).toBeVisible();
    await choose(tabs.last(), 'tab-close-right');
    await expect(page.getByText('右侧没有标签')).toBeVisible();
    await expect(tabs).toHaveCount(2);
    await choose(tabs.last(), 'tab-close-left');
    await expect(tabs).toHaveCount(1);
  });
});

test('after 30 minutes without a click the user is warned and logged out', async ({ page }) => {
  await useLanguage(page, 'zh-CN');
  await page.clock.install();
  await loginWithPassword(page, 'gz_sh');
  await page.clock.fastForward('29:00');
  await expect(page.getByText('用户超时登录30分钟无任何操作，将自动登出')).toHaveCount(0);
  await page.clock.fastForward('01:30');
  await expect(page.getByText('用户超时登录30分钟无任何操作，将自动登出')).toBeVisible();
  // Under load the first click can land while the modal is still opening; confirming must log out.
  const ok = page.getByTestId('session-idle-modal').getByRole('button');
  await expect(async () => {
    if (await ok.isVisible()) await ok.click();
    await expect(page).toHaveURL(/\/user\/login/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expect(page.getByText('用户超时登录30分钟无任何操作，将自动登出')).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('pro__Access-Token'))).toBeNull();
});

test.describe('error pages', () => {
  const PAGES: [string, string][] = [
    ['/403', '抱歉，你无权访问该页面'],
    ['/404', '抱歉，你访问的页面不存在或仍在开发中'],
    ['/500', '抱歉，服务器出错了'],
  ];
  for (const [path, text] of PAGES) {
    test(`${path} says ${text} and goes back home`, async ({ page }) => {
      await useLanguage(page, 'zh-CN');
      await apiSignIn(page, 'gz_sp');
      await page.goto(path);
      await expect(page.getByText(text)).toBeVisible();
      await page.getByTestId('back-home').click();
      await expect(page).toHaveURL(/\/dashboard/);
    });
  }

  test('an unknown address goes to 404', async ({ page }) => {
    await useLanguage(page, 'zh-CN');
    await apiSignIn(page, 'gz_sp');
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404/);
  });
});

test('while the scripts load the page shows the emblem, and the first render replaces it', async ({ page }) => {
  await useLanguage(page, 'zh-CN');
  await page.route('**/*.{js,tsx,ts}', (route) => route.abort());
  await page.goto('/web');
  const emblem = page.locator('#root > .sc-boot');
  await expect(emblem.locator('svg')).toBeVisible();
  await expect(emblem).toHaveAttribute('aria-hidden', 'true');
  await page.unroute('**/*.{js,tsx,ts}');
  await page.goto('/web');
  await expect(page.getByTestId('web-home')).toBeVisible();
  await expect(emblem).toHaveCount(0);
});

test.describe('a first visit from a browser in a language the product does not speak', () => {
  test.use({ locale: 'de-DE' });
  test('gets English, the default', async ({ page }) => {
    await page.goto('/user/login');
    await expect(page.getByTestId('login-submit')).toContainText(/Log ?in|Sign ?in/i);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
  });
});

test.describe("the server's answers in the interface language", () => {
  const english = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../server/lib/locales/en-US.json'), 'utf8'),
  ) as Record<string, string>;
  test.beforeEach(async ({ page }) => {
    await useLanguage(page, 'en-US');
  });

  test('a refused sign-in and the to-dos on the workbench read in English', async ({ page }) => {
    await page.goto('/user/login');
    await page.getByTestId('login-username').fill('sz_staff');
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText(english['用户名或密码错误']!).first()).toBeVisible();
    await expect(page.getByText(/用户名或密码错误/)).toHaveCount(0);
    await loginWithPassword(page, 'gz_sl');
    const todos = page.getByTestId('workplace-todos').locator('.ant-list-item-meta-title');
    await expect(todos.first()).toBeVisible();
    // Written by the workflow in Chinese; read in English, application numbers as they are.
    const titles = await todos.allInnerTexts();
    expect(titles.filter((title) => /[\u4e00-\u9fff]/.test(title))).toEqual([]);
    expect(titles.some((title) => /[A-Z]{2}\d{13}/.test(title))).toBe(true);
  });
});

test('a first visit from a Chinese browser is in Chinese; the switcher changes it and is remembered', async ({
  page,
}) => {
  // The suite's browser prefers zh-CN (playwright.config.ts).
  await page.goto('/user/login');
  await expect(page.getByTestId('login-submit')).toContainText(/登\s*录/);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-option-en-US').click();
  await expect(page.getByTestId('login-submit')).toContainText(/Log ?in|Sign ?in/i);
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-option-zh-CN').click();
  await expect(page.getByTestId('login-submit')).toContainText(/登\s*录/);
  await page.reload();
  await expect(page.getByTestId('login-submit')).toContainText(/登\s*录/);
  await loginWithPassword(page, 'person1');
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-option-en-US').click();
  await expect(page.locator('.ant-pro-layout [role="menu"]').first()).toContainText('Home');
});

test.describe('the top menu at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  const centre = {
    'zh-CN': ['首页', '业务办理', '考试与继续教育', '综合查询', '统计分析', '诚信管理'],
    'en-US': ['Home', 'Case handling', 'Exams & education', 'Search', 'Statistics', 'Credit'],
    'pt-BR': ['Início', 'Processos', 'Exames e formação', 'Pesquisa', 'Estatísticas', 'Crédito'],
  } as const;
  // The province has certificate printing too: seven entries.
  const province = {
    'zh-CN': ['首页', '业务办理', '证书打印', '考试与继续教育', '综合查询', '统计分析', '诚信管理'],
    'en-US': ['Home', 'Case handling', 'Certificate printing', 'Exams & education', 'Search', 'Statistics', 'Credit'],
    'pt-BR': ['Início', 'Processos', 'Impressão', 'Exames e formação', 'Pesquisa', 'Estatísticas', 'Crédito'],
  } as const;
  for (const [who, user, byLanguage] of [
    ['a centre officer', 'gz_sl', centre],
    ['the province', 'province', province],
  ] as const) {
    for (const lng of ['zh-CN', 'en-US', 'pt-BR'] as const) {
      test(`shows ${who} every entry in ${lng}, none behind "…"`, async ({ page }) => {
        await useLanguage(page, lng);
        await apiSignIn(page, user);
        const menu = page.locator('.ant-pro-top-nav-header-menu');
        for (const entry of byLanguage[lng]) await expect(menu.getByText(entry, { exact: true })).toBeVisible();
        await expect(menu.locator('.ant-menu-overflow-item-rest')).toBeHidden();
        // The header names the user; the greeting is in its title (and on the workbench).
        const welcome = page.getByTestId('welcome-line');
        await expect(welcome).toBeVisible();
        const title = await welcome.getAttribute('title');
        expect(title).toContain((await welcome.innerText()).trim());
        expect(title!.length).toBeGreaterThan((await welcome.innerText()).trim().length);
      });
    }
  }
});

test('logout asks first, then ends the session', async ({ page }) => {
  await useLanguage(page, 'zh-CN');
  await apiSignIn(page, 'person2');
  await page.getByTestId('user-menu').hover();
  await page.getByTestId('menu-logout').click();
  await expect(page.getByText('您确定要退出系统吗 ?')).toBeVisible();
  await page.getByTestId('logout-confirm-ok').click();
  await expect(page).toHaveURL(/\/user\/login/);
  await expect(page.getByTestId('login-page')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('pro__Access-Token'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/web/);
});

test('times are shown in China time in a browser on the other side of the world', async ({ page, request }) => {
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).not.toBe('Asia/Shanghai');
  const login = await request.post('/api/login/login', { data: { username: 'person1', password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const list = await request.get('/api/system/sysMsgInfo/list?pageNum=1&pageSize=10&msgType=systemType', {
    headers: { token },
  });
  const rows = ((await list.json()) as { rows: { createdAt: string }[] }).rows;
  expect(rows.length).toBeGreaterThan(0);
  const china = (iso: string) =>
    new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
  await useLanguage(page, 'zh-CN');
  await apiSignIn(page, 'person1');
  await navigate(page, '/system/sysMsgInfo/systemMsg');
  await expect(page.getByTestId('message-table')).toBeVisible();
  await expect(page.getByTestId('message-table').getByText(china(rows[0]!.createdAt))).toBeVisible();
});

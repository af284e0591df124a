/** The three ways in (SPEC 1): account and password, phone and SMS code, single sign-on. */
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, lastSmsCode, loginWithPassword, useLanguage } from './helpers';

test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'zh-CN');
});

test('password: an enterprise user signs in, lands on the workbench and sees the operation guide link', async ({
  page,
}) => {
  await loginWithPassword(page, 'ent_gz');
  await expect(page.getByTestId('welcome-line')).toBeVisible();
  await expect(page.getByTestId('link-guide')).toBeVisible();
  await expect(page.getByTestId('link-analysis')).toHaveCount(0);
});

test('password: a wrong password shows the server message and stays on the login page', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill('ent_prov');
  await page.getByTestId('login-password').fill('wrong-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText(/用户名或密码错误/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/user\/login/);
  // The right password still works (two failures do not lock the account).
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard/);
});

test('SMS: the code is required, the send button counts down, and the code signs in', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByTestId('phone-login-link').click();
  const modal = page.getByTestId('phone-modal');
  await expect(modal).toBeVisible();
  await page.getByTestId('phone-mobile').fill('13800000002');
  await page.getByTestId('phone-submit').click();
  await expect(page.getByText('短信验证码不能为空')).toBeVisible();

  await page.getByTestId('phone-send').click();
  await expect(page.getByTestId('phone-send')).toBeDisabled();
  await expect(page.getByTestId('phone-send')).toContainText(/\d+/);
  await expect.poll(() => lastSmsCode('13800000002')).toMatch(/^\d{6}$/);
  await page.getByTestId('phone-code').fill(lastSmsCode('13800000002')!);
  await page.getByTestId('phone-submit').click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByTestId('phone-modal')).toHaveCount(0);
});

test('single sign-on: a t address signs the user in', async ({ page }) => {
  const link = execFileSync('node', ['--import', 'tsx', 'scripts/sso-link.ts', 'person2'], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PUBLIC_URL: '' },
    encoding: 'utf8',
  }).trim();
  const t = new URL(link, 'http://x').searchParams.get('t')!;
  await page.goto(`/dashboard?t=${encodeURIComponent(t)}`);
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByTestId('welcome-line')).toBeVisible();
  await expect(page).not.toHaveURL(/t=/);
});

test('single sign-on: NOT_FOUND and a forged token are refused with their messages', async ({ page }) => {
  await page.goto('/dashboard?t=NOT_FOUND');
  await expect(page.getByText('统一认证登录失败，该用户不存在')).toBeVisible();
  await page.goto('/dashboard?t=forged.token.value');
  await expect(page.getByText(/登录失败，服务错误：|统一认证登录失败/).first()).toBeVisible();
});

/** Shared steps of the browser tests. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import {
  ACCESS_FLAG,
  ACCESS_TIME,
  ACCESS_TOKEN,
  LOGIN_AT,
  STORAGE_PREFIX,
  TOKEN_LIFE_MS,
} from '../../src/utils/storage';

export const DEMO_PASSWORD = 'Demo#2026';

/** The newest SMS code the server "sent" to a phone (the log sender's outbox file). */
export function lastSmsCode(mobile: string): string | null {
  const file = path.join(process.env.E2E_DATA_DIR ?? '', 'sms-outbox.jsonl');
  if (!fs.existsSync(file)) return null;
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n').reverse();
  for (const line of lines) {
    const msg = JSON.parse(line) as { mobile: string; text: string };
    if (msg.mobile === mobile) return msg.text.match(/\d{6}/)?.[0] ?? null;
  }
  return null;
}

/** Chooses the interface language before the app loads (stored under pro__lang). */
export async function useLanguage(page: Page, lng: 'zh-CN' | 'zh-TW' | 'en-US' | 'pt-BR') {
  await page.addInitScript((l) => {
    if (!localStorage.getItem('pro__lang'))
      localStorage.setItem('pro__lang', JSON.stringify({ value: l, expire: null }));
  }, lng);
}

/** Signs in through the login form as a user would. */
export async function loginWithPassword(page: Page, user: string, password = DEMO_PASSWORD) {
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill(user);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard/);
  // The workbench shows once user info and menu have loaded.
  await expect(page.getByTestId('workplace')).toBeVisible();
}

/**
 * Signs in through the API and opens the workbench on the stored session, as a reload of a signed-in
 * tab does. For the tests whose subject is not the login form: the form costs a load of the login
 * page, its typing and its redirect; the tests of the form itself use loginWithPassword.
 * The token goes into localStorage once, on a page of the app's origin that loads no client
 * (/api/health): an init script would store it again on every load, also after a logout.
 */
export async function apiSignIn(page: Page, user: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/login/login', { data: { username: user, password } });
  const body = (await res.json()) as { code: number; msg?: string; data?: { token?: string } };
  expect(body.data?.token, `${user} signs in: ${body.msg}`).toBeTruthy();
  await page.goto('/api/health');
  // What setToken (src/utils/storage.ts) stores at a login: token, access time, flag and login time.
  const now = Date.now();
  const stamps = { [ACCESS_TOKEN]: body.data!.token!, [ACCESS_TIME]: now, [ACCESS_FLAG]: true, [LOGIN_AT]: now };
  await page.evaluate(
    ({ stamps, prefix, expire }) => {
      for (const [key, value] of Object.entries(stamps))
        localStorage.setItem(prefix + key, JSON.stringify({ value, expire }));
    },
    { stamps, prefix: STORAGE_PREFIX, expire: now + TOKEN_LIFE_MS },
  );
  await page.goto('/dashboard');
  await expect(page.getByTestId('workplace')).toBeVisible();
}

/**
 * Opens `path` inside the running app, as a click on a menu entry does: the router moves, the page
 * mounts and asks for its data, and nothing reloads. A reload (page.goto) parses the whole client
 * again and costs 3–4 s of a 2-core machine's CPU; a walk over dozens of pages of one account
 * needs only the first.
 */
export async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

/** The smallest valid PDF: a material for the wizard's upload. */
const MATERIAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Uploads a PDF named `name` in the application wizard's materials step and waits until it is done. */
export async function uploadWizardMaterial(page: Page, name: string) {
  await page
    .getByTestId('wizard-upload')
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: MATERIAL_PDF });
  await expect(page.locator('.ant-upload-list-item-done', { hasText: name })).toBeVisible();
}

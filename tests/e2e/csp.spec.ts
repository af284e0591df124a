/**
 * The built client runs under the server's Content-Security-Policy (issue 13, finding 6): the
 * login page with its captcha, the workbench, a review queue, the public /web pages, the QR page
 * /cert/:code, a PDF preview and the OpenAPI page, without one violation reported.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { apiSignIn, DEMO_PASSWORD, loginWithPassword, useLanguage } from './helpers';

/** Every CSP violation any page of the context reports, as event or as console message. */
async function watchViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__cspViolation', ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  // Init scripts run before the page's own and are not subject to its policy.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation?: (text: string) => void }).__cspViolation;
      report?.(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const listen = (page: Page) =>
    page.on('console', (msg) => {
      if (msg.text().includes('Content Security Policy')) violations.push(`${page.url()}: ${msg.text()}`);
    });
  context.on('page', listen);
  for (const page of context.pages()) listen(page);
  return violations;
}

test('no page of the client reports a Content-Security-Policy violation', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const violations = await watchViolations(context);
  await useLanguage(page, 'zh-CN');

  // The login page, then the captcha (a data: image) that three failures bring, for a name that does not exist.
  const loginPage = await page.goto('/user/login');
  expect(loginPage!.headers()['content-security-policy']).toContain("script-src 'self'");
  for (let i = 0; i < 3; i++) {
    await page.getByTestId('login-username').fill('nobody_csp');
    await page.getByTestId('login-password').fill('Wrong#2026');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');
  }
  await expect(page.getByTestId('login-captcha-img')).toBeVisible();
  await expect
    .poll(() => page.getByTestId('login-captcha-img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  // The workbench, and the operation guide that opens as a PDF (a blob: address) in a tab of its own.
  await loginWithPassword(page, 'ent_gz');
  const popup = context.waitForEvent('page');
  await page.getByTestId('link-guide').click();
  const guide = await popup;
  await expect.poll(() => guide.url()).toMatch(/^blob:/);
  await guide.waitForLoadState();
  await guide.close();

  // A review queue, for a reviewer.
  await page.evaluate(() => localStorage.clear());
  await apiSignIn(page, 'gz_sl');
  await page.goto('/queue/newCert/waitAccept');
  await expect(page.getByTestId('queue-row-applyNo').first()).toBeVisible({ timeout: 45_000 });

  // The public pages and their QR code (a data: image).
  await page.goto('/web');
  await expect(page.getByTestId('web-home')).toBeVisible();
  // The footer's QR code is drawn when the footer comes into view.
  await page.getByTestId('web-footer').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('web-qrcode')).toBeVisible();
  await page.goto('/web/disclosure');
  await expect(page.getByTestId('web-disclosure')).toBeVisible();

  const login = await request.post('/api/login/login', { data: { username: 'province', password: DEMO_PASSWORD } });
  const token = (await login.json()).data.token as string;
  const list = await request.get('/api/safetyCertificateInfo/list?status=01&pageSize=1', { headers: { token } });
  const cert = (await list.json()).rows[0] as { queryCode: string };
  await page.goto(`/cert/${cert.queryCode}`);
  await expect(page.getByTestId('cert-verified')).toBeVisible();

  // The OpenAPI page renders its operations.
  await page.goto('/api/docs/');
  await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible({ timeout: 30_000 });

  expect([...new Set(violations)]).toEqual([]);
});

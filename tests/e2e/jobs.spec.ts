/**
 * 定时任务 in the browser: the system administrator opens the job monitor (the engine runs in the
 * server process on the embedded database), runs the expiry job now, and sees the queued run
 * finish — on the job's row and in the run history; the auditor has no such page and reads the
 * run in the operation log instead.
 */
import { expect, test } from '@playwright/test';
import { apiSignIn, navigate, useLanguage } from './helpers';

const PAGE_LOAD = { timeout: 60_000 };

test('admin runs the expiry job now and sees the run', async ({ page }) => {
  test.setTimeout(180_000);
  await useLanguage(page, 'zh-CN');
  await apiSignIn(page, 'admin');
  await navigate(page, '/system/job');
  await expect(page.getByTestId('page-title')).toHaveText('定时任务', PAGE_LOAD);
  await expect(page.getByTestId('engine-status')).toContainText('任务引擎（pg-boss）在本进程运行');
  await expect(page.getByTestId('job-certExpiry')).toHaveText('证书到期失效', PAGE_LOAD);
  const row = page.getByTestId('jobs-table').locator('tr', { has: page.getByTestId('job-certExpiry') });
  await expect(row).toContainText('每天 00:05');

  await page.getByTestId('run-certExpiry').click();
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.getByText('已加入执行队列，结果将显示在运行记录中')).toBeVisible();
  // The engine takes the queued run; the page watches until it has finished.
  const lastRun = page.getByTestId('last-run-certExpiry');
  await expect(lastRun).toContainText('（手动）', { timeout: 60_000 });
  await expect(lastRun).toContainText('成功');
  await expect(page.getByTestId('watching')).toHaveCount(0, { timeout: 30_000 });
  // And the page says how it went, as a message.
  await expect(page.getByText(/「证书到期失效」执行完成：成功，处理 \d+ 行，用时/)).toBeVisible();

  await page.getByTestId('runs-certExpiry').click();
  const runs = page.getByTestId('runs-table');
  await expect(runs.locator('tbody tr.ant-table-row').first()).toContainText('证书到期失效', PAGE_LOAD);
  await expect(runs.locator('tbody tr.ant-table-row').first()).toContainText('手动');
  await expect(runs.locator('tbody tr.ant-table-row').first()).toContainText('成功');
});

test('the auditor has no job page and reads the run in the operation log', async ({ page }) => {
  await useLanguage(page, 'zh-CN');
  await apiSignIn(page, 'auditor');
  await navigate(page, '/system/operlog');
  await expect(page.getByTestId('page-title')).toBeVisible(PAGE_LOAD);
  await expect(page.getByText('证书到期失效').first()).toBeVisible(PAGE_LOAD);
  // Typed into the address bar: the router sends an address outside the menu to 404.
  await page.goto('/system/job');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('抱歉，你访问的页面不存在或仍在开发中')).toBeVisible(PAGE_LOAD);
  await expect(page.getByTestId('jobs-table')).toHaveCount(0);
});

for (const [language, clean] of [
  ['zh-CN', /证书一致性检查：已检查 \d+ 个证书，未发现问题/],
  ['en-US', /Certificate consistency: \d+ certificates checked, no problem found/],
] as const) {
  test(`the housekeeping run shows, in words, what the certificate check found (${language})`, async ({ page }) => {
    test.setTimeout(180_000);
    await useLanguage(page, language);
    await apiSignIn(page, 'admin');
    await navigate(page, '/system/job');
    await expect(page.getByTestId('job-housekeeping')).toBeVisible(PAGE_LOAD);
    await page.getByTestId('run-housekeeping').click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    // The page watches the queued run until it has finished.
    await expect(page.getByTestId('watching')).toBeVisible();
    await expect(page.getByTestId('watching')).toHaveCount(0, { timeout: 90_000 });
    await page.getByTestId('runs-housekeeping').click();
    const first = page.getByTestId('runs-table').locator('tbody tr.ant-table-row').first();
    await expect(first).toBeVisible(PAGE_LOAD);
    await first.locator('.ant-table-row-expand-icon').click();
    await expect(page.getByTestId('certificate-invariants')).toContainText(clean);
    await page.screenshot({ path: `.tmp/playwright/job-invariants-${language}.png`, fullPage: true });
  });
}

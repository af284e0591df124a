/**
 * Search and statistics in the browser: a centre's clerk filters the work search, opens the
 * in-progress statistics, follows a number to the list behind it (the same count, the same business
 * type), and exports that list: a real .xlsx with one row per item. Both pages name the statutory
 * limits the server counts overdue by, as GET /workflow/deadlines answers them.
 */
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, navigate, useLanguage } from './helpers';

/** The total under a search table ("总共 N 条记录"), as a number. */
async function totalOf(page: Page, testId: string): Promise<number> {
  const text = await page.getByTestId(`${testId}-total`).textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

/**
 * Opens a page and answers the statutory limits its description must name: what GET
 * /workflow/deadlines answered the page while it loaded.
 */
async function openWithLimits(page: Page, path: string): Promise<{ reviewDays: number; modifyDays: number }> {
  const deadlines = page.waitForResponse((r) => r.url().includes('/api/workflow/deadlines'));
  await navigate(page, path);
  return ((await (await deadlines).json()) as { data: { reviewDays: number; modifyDays: number } }).data;
}

test('a centre clerk filters the work search', async ({ page }) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'zh-CN');
  await apiSignIn(page, 'gz_sl');
  // The description names the statutory limits the server counts overdue by (参数设置).
  const limits = await openWithLimits(page, '/search/workSearch');
  await expect(page.getByText(`受理后决定 ${limits.reviewDays} 个、变更 ${limits.modifyDays} 个工作日`)).toBeVisible();
  const first = page.getByTestId('work-row-applyNo').first();
  await expect(first).toBeVisible({ timeout: 45_000 });
  const all = await totalOf(page, 'work-table');
  const applyNo = (await first.textContent())!.trim();
  // Numbers match by their start: the type and day of the first row's number.
  await page.getByTestId('search-applyNo').fill(applyNo.slice(0, 10));
  await page.getByTestId('search-applyNo').press('Enter');
  await expect.poll(() => totalOf(page, 'work-table')).toBeLessThan(all);
  const numbers = await page.getByTestId('work-row-applyNo').allTextContents();
  expect(numbers.length).toBeGreaterThan(0);
  expect(numbers.every((n) => n.startsWith(applyNo.slice(0, 10)))).toBe(true);
  // The area column shows the clerk's own centre only.
  await expect(page.getByTestId('work-table').getByText('深圳区域中心')).toHaveCount(0);
});

test('from a statistics number to the list behind it, and its export', async ({ page }) => {
  test.setTimeout(150_000);
  await useLanguage(page, 'zh-CN');
  await apiSignIn(page, 'gz_sl');
  const limits = await openWithLimits(page, '/statistics/afootTask');
  await expect(
    page.getByText(`超过法定办理时限：受理后决定 ${limits.reviewDays} 个、变更 ${limits.modifyDays} 个工作日`),
  ).toBeVisible();
  const table = page.getByTestId('afoot-table');
  const asOf = page.getByTestId('stat-as-of');
  await expect(asOf).toBeVisible({ timeout: 45_000 });
  // The server computes the figures at start; ask for them if they are not there yet.
  if (!(await asOf.textContent())?.includes('数据时间')) {
    await page.getByTestId('stat-refresh').click();
    await expect(asOf).toContainText('数据时间', { timeout: 30_000 });
  }
  const row = table.locator('tbody tr.ant-table-row').first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  const typeLabel = (await row.locator('td').first().textContent())!.trim();
  const totalLink = row.locator('td').last().locator('a');
  const expected = Number((await totalLink.textContent())!.replace(/[^\d]/g, ''));
  expect(expected).toBeGreaterThan(0);
  await totalLink.click();

  await expect(page).toHaveURL(/\/search\/workSearch\?.*businessType=/);
  await expect(page.getByTestId('work-row-applyNo').first()).toBeVisible({ timeout: 45_000 });
  await expect.poll(() => totalOf(page, 'work-table')).toBe(expected);
  // The list behind the number: that business type only, all in progress.
  const rows = page.getByTestId('work-table').locator('tbody tr.ant-table-row');
  const count = await rows.count();
  for (let i = 0; i < count; i++) await expect(rows.nth(i)).toContainText(typeLabel);

  const download = page.waitForEvent('download');
  await page.getByTestId('excel-export').click();
  const file = await (await download).path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file!);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe('申请编号');
  expect(sheet.actualRowCount - 1).toBe(expected);
  const types = new Set<string>();
  sheet.eachRow((r, n) => {
    if (n > 1) types.add(String(r.getCell(2).value));
  });
  expect(types.size).toBe(1);
});

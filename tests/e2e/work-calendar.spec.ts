/**
 * 工作日历 in the browser: the system administrator opens the page, reads where this year's
 * arrangement comes from and its holidays, corrects a day of it through the form, sees the
 * correction listed beside the package's word, and restores the day. Screenshots of the page in
 * Chinese and English go to .tmp/screens (the year shown depends on the day the suite runs).
 */
import { expect, test } from '@playwright/test';
import { apiSignIn, navigate, useLanguage } from './helpers';

const PAGE_LOAD = { timeout: 60_000 };

test('admin corrects a day of the working-day calendar and restores it', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await useLanguage(page, 'zh-CN');
  await apiSignIn(page, 'admin');
  await navigate(page, '/system/calendar');
  await expect(page.getByTestId('page-title')).toHaveText('工作日历', PAGE_LOAD);
  await expect(page.getByTestId('calendar-state')).toBeVisible(PAGE_LOAD);
  // Choose the last year the package ships (the select lists last, this and next year).
  const years = page.getByTestId('calendar-year-select');
  await years.click();
  const published = page.locator('.ant-select-item-option').filter({ hasText: /^\d{4}$/ });
  const count = await published.count();
  let chosen = '';
  for (let i = 0; i < count; i++) {
    const text = (await published.nth(i).innerText()).trim();
    await published.nth(i).click();
    if (/已公布/.test(await page.getByTestId('calendar-state').innerText())) {
      chosen = text;
      break;
    }
    await years.click();
  }
  expect(chosen, 'a year the package ships is listed').toMatch(/^\d{4}$/);
  const table = page.getByTestId('calendar-table');
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible(PAGE_LOAD);
  await expect(table).toContainText('春节');
  await page.screenshot({ path: '.tmp/screens/calendar-zh-CN.png', fullPage: true });

  // Declare 30 June of that year a day off, with a reason.
  const day = `${chosen}-06-30`;
  await page.getByTestId('calendar-add').click();
  const modal = page.locator('.ant-modal:visible');
  await page.getByTestId('calendar-form-day').click();
  await page.getByTestId('calendar-form-day').fill(day);
  await page.getByTestId('calendar-form-day').press('Enter');
  await page.getByRole('radio', { name: '放假' }).check();
  await modal.getByLabel('备注').fill('测试更正');
  await modal.getByRole('button', { name: /确\s*定|提\s*交|OK/ }).click();
  await expect(modal).toHaveCount(0, PAGE_LOAD);
  // The days an administrator entered (the year's list is paged from January).
  await page.getByTestId('search-kind').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '管理员录入' }).click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = table.locator('tr', { hasText: day });
  await expect(row).toContainText('管理员录入', PAGE_LOAD);
  await expect(row).toContainText('测试更正');
  await row.getByTestId('calendar-restore').click();
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(table.locator('tr', { hasText: day })).toHaveCount(0, PAGE_LOAD);

  await page.evaluate(() => localStorage.setItem('pro__lang', JSON.stringify({ value: 'en-US', expire: null })));
  await page.goto('/system/calendar');
  await expect(page.getByTestId('page-title')).toHaveText('Working-day calendar', PAGE_LOAD);
  await expect(page.getByTestId('calendar-state')).toBeVisible(PAGE_LOAD);
  await expect(page.getByText(/^Special days of \d{4}$/)).toBeVisible(PAGE_LOAD);
  await page.screenshot({ path: '.tmp/screens/calendar-en-US.png', fullPage: true });
});

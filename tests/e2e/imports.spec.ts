/**
 * Imports in the browser: the Guangzhou centre's clerk downloads the continuing-education template
 * from the page, fills it (exceljs, as Excel would), uploads it and sees what was written, then
 * opens the records it wrote; a file with a wrong row is refused whole, the page shows the per-row
 * report and hands it out as Excel.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, apiSignIn, navigate, useLanguage } from './helpers';

const PAGE_LOAD = { timeout: 60_000 };
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-imports-'));
test.afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

interface Holder {
  name: string;
  idNo: string;
  certNo: string;
}

/** A live certificate of the caller's area and its holder's full identity number (staff reveal it from the detail, logged). */
async function holderOfArea(request: APIRequestContext, user: string): Promise<Holder> {
  const login = await request.post('/api/login/login', { data: { username: user, password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const hours = (await (
    await request.get('/api/exam/furtherEducation/hours?pageSize=1&status=01', { headers: { token } })
  ).json()) as { rows: { certificateId: number }[] };
  const id = hours.rows[0]!.certificateId;
  const detail = (await (await request.get(`/api/safetyCertificateInfo/get/${id}`, { headers: { token } })).json()) as {
    data: Holder;
  };
  const revealed = (await (
    await request.post('/api/personalData/idNo/reveal', { headers: { token }, data: { source: 'certificate', id } })
  ).json()) as { data: { value: string } };
  return { name: detail.data.name, idNo: revealed.data.value, certNo: detail.data.certNo };
}

/** China's today, as the server counts days. */
const chinaDay = (offsetDays = 0) =>
  new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function openImportPage(page: Page) {
  await useLanguage(page, 'zh-CN');
  await apiSignIn(page, 'gz_sl');
  await navigate(page, '/exam/educationImport');
  await expect(page.getByTestId('import-card')).toBeVisible(PAGE_LOAD);
}

/** Uploads `file` and answers the server's status: a failure then says whether the server answered, and what. */
async function upload(page: Page, file: string): Promise<number> {
  const answer = page.waitForResponse((r) => r.url().includes('/api/exam/educationImport/importData'), PAGE_LOAD);
  await page.getByTestId('import-file').locator('input[type=file]').setInputFiles(file);
  await page.getByTestId('import-start').click();
  return (await answer).status();
}

/** Words of this attempt: a retry of the serial pair writes records of its own, not the ones its first attempt wrote. */
const attempt = (retry: number) => (retry === 0 ? '' : `（重试${retry}）`);

test.describe.configure({ mode: 'serial' });

test('the clerk downloads the template, fills it, uploads it and sees the hours written', async ({
  page,
  request,
}, testInfo) => {
  const tag = attempt(testInfo.retry);
  test.setTimeout(180_000);
  const holder = await holderOfArea(request, 'gz_sl');
  await openImportPage(page);

  const download = page.waitForEvent('download');
  await page.getByTestId('import-template').click();
  const template = path.join(work, 'template.xlsx');
  await (await download).saveAs(template);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(template);
  const sheet = wb.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
    '姓名*',
    '证件号码*',
    '证书号*',
    '专业*',
    '学时*',
    '开始日期*',
    '结束日期*',
    '培训机构*',
  ]);
  sheet.addRow([
    holder.name,
    holder.idNo,
    holder.certNo,
    `端到端·施工现场消防安全管理${tag}`,
    8,
    chinaDay(-12),
    chinaDay(-11),
    '广东省建筑安全协会',
  ]);
  sheet.addRow([
    holder.name,
    holder.idNo,
    holder.certNo,
    `端到端·有限空间作业安全管理${tag}`,
    4.5,
    chinaDay(-5),
    chinaDay(-5),
    '广东建设职业技术学院',
  ]);
  const filled = path.join(work, `端到端学时${tag}.xlsx`);
  await wb.xlsx.writeFile(filled);

  expect(await upload(page, filled)).toBe(200);
  await expect(page.getByTestId('import-success')).toBeVisible(PAGE_LOAD);
  await expect(page.getByTestId('import-written')).toHaveText('2');
  await expect(page.getByTestId('import-success')).toContainText('导入成功：共 2 行，新增 2 行');
  await expect(page.getByTestId('import-history').locator('tr', { hasText: `端到端学时${tag}.xlsx` })).toBeVisible();

  // The same file again writes nothing.
  expect(await upload(page, filled)).toBe(200);
  await expect(page.getByTestId('import-success')).toContainText('均已导入过');
  await expect(page.getByTestId('import-written')).toHaveText('0');

  // One row more: only it is new, and the records of that import open in 继续教育记录.
  const again = path.join(work, 'second.xlsx');
  sheet.addRow([
    holder.name,
    holder.idNo,
    holder.certNo,
    `端到端·补充课程${tag}`,
    2,
    chinaDay(-3),
    chinaDay(-3),
    '广东省建筑安全协会',
  ]);
  await wb.xlsx.writeFile(again);
  expect(await upload(page, again)).toBe(200);
  await expect(page.getByTestId('import-written')).toHaveText('1');
  await page.getByTestId('import-view-records').click();
  await expect(page.getByTestId('further-import-filter')).toBeVisible(PAGE_LOAD);
  const records = page.getByTestId('further-records');
  await expect(records.locator('tr', { hasText: `端到端·补充课程${tag}` })).toBeVisible();
  await expect(records.locator('tr', { hasText: `端到端·施工现场消防安全管理${tag}` })).toHaveCount(0);
});

test('a file with a wrong row is refused whole: the report shows each problem and downloads as Excel', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const holder = await holderOfArea(request, 'gz_sl');
  await openImportPage(page);
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('继续教育导入');
  sheet.addRow(['姓名', '证件号码', '证书号', '专业', '学时', '开始日期', '结束日期', '培训机构']);
  sheet.addRow([
    holder.name,
    holder.idNo,
    holder.certNo,
    '端到端·不会写入',
    8,
    chinaDay(-20),
    chinaDay(-19),
    '广东省建筑安全协会',
  ]);
  sheet.addRow([
    '查无此人',
    '440106199912310017',
    holder.certNo,
    '端到端·不会写入',
    8,
    chinaDay(-20),
    chinaDay(-19),
    '广东省建筑安全协会',
  ]);
  sheet.addRow([
    holder.name,
    holder.idNo,
    holder.certNo,
    '端到端·不会写入',
    0,
    chinaDay(-20),
    chinaDay(-19),
    '广东省建筑安全协会',
  ]);
  const bad = path.join(work, '有错误的学时.xlsx');
  await wb.xlsx.writeFile(bad);

  expect(await upload(page, bad)).toBe(400);
  const refused = page.getByTestId('import-refused');
  await expect(refused).toBeVisible(PAGE_LOAD);
  await expect(refused).toContainText('导入失败：共 2 行有错误，未导入任何数据');
  const report = page.getByTestId('import-report');
  await expect(report.locator('tr', { hasText: '系统中没有该证件号码的人员' })).toContainText('3');
  await expect(report.locator('tr', { hasText: '学时应大于 0' })).toContainText('4');

  const download = page.waitForEvent('download');
  await page.getByTestId('import-report-download').click();
  const saved = path.join(work, 'report.xlsx');
  await (await download).saveAs(saved);
  const read = new ExcelJS.Workbook();
  await read.xlsx.readFile(saved);
  const rows = read.worksheets[0]!.getSheetValues()
    .filter(Boolean)
    .map((r) => (r as unknown[]).slice(1));
  expect(rows.slice(0, 3)).toEqual([
    ['行号', '列', '问题'],
    [3, '证件号码', '系统中没有该证件号码的人员'],
    [4, '学时', '学时应大于 0'],
  ]);
  await expect(page.getByTestId('import-history').locator('tr', { hasText: '有错误的学时.xlsx' })).toHaveCount(0);
});

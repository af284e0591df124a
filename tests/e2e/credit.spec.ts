/**
 * Credit management in the browser (zh-CN): a Guangzhou officer records a 暂扣 of 林淑华's
 * certificate, chosen in the select dialog, with the decision PDF attached and previewed in the
 * page; it waits for review and changes nothing; a second officer approves it in the 待审核 tab,
 * and the certificate search then shows the certificate 暂扣.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, navigate, useLanguage } from './helpers';

const HOLDER = '林淑华';
const DOC_NO = `穗建罚〔2026〕E2E${Date.now() % 100000}号`;

/** A China day `days` from today, as the forms take it. */
function chinaDay(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
}

/** A one-page PDF with a line of text (a real file, as a scanned decision would be). */
const DECISION_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n' +
    '4 0 obj<</Length 44>>stream\nBT /F1 18 Tf 20 70 Td (Decision 2026) Tj ET\nendstream endobj\n' +
    '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).first().click();
}

async function typeDate(page: Page, testId: string, day: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

async function openCredit(page: Page) {
  await navigate(page, '/credit/creditManagement');
  await expect(page.getByTestId('punishment-table')).toBeVisible();
}

test('an officer records a 暂扣 with a certificate and a PDF; a second officer approves; the certificate shows 暂扣', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await browser.newPage();
  await useLanguage(page, 'zh-CN');
  await apiSignIn(page, 'gz_sl');
  await openCredit(page);

  await page.getByTestId('punishment-add').click();
  await expect(page.getByTestId('punishment-type')).toBeVisible();
  await pick(page, 'punishment-type', '暂扣');
  await page.getByTestId('punishment-docNo').fill(DOC_NO);
  await pick(page, 'punishment-violateType', '未依法履行安全生产管理职责');
  await page.getByTestId('punishment-reason').fill('项目安全检查中未履行安全生产管理职责，暂扣证书三个月');
  await typeDate(page, 'punishment-startDate', chinaDay(0));

  // Without an end date the form says what a 暂扣 needs.
  await page.getByTestId('punishment-submit').click();
  await expect(page.getByText('暂扣须填写结束日期')).toBeVisible();
  await expect(page.getByText('请选择处罚的证书')).toBeVisible();
  await typeDate(page, 'punishment-endDate', chinaDay(90));

  // The select dialog: search by name, pick the certificate.
  await page.getByTestId('punishment-select-certificates').click();
  const picker = page.getByRole('dialog', { name: '选择处罚证书' });
  await picker.getByPlaceholder('证书编号或姓名').fill(HOLDER);
  await picker.getByPlaceholder('证书编号或姓名').press('Enter');
  await expect(picker.getByRole('row').filter({ hasText: HOLDER }).first()).toBeVisible();
  const row = picker.getByRole('row').filter({ hasText: HOLDER }).filter({ hasText: '有效' }).first();
  const certNo = (await row.getByTestId('picker-certNo').textContent())!.trim();
  await row.locator('input[type=checkbox]').check();
  await picker.getByTestId('picker-ok').click();
  await expect(page.getByTestId('chosen-certificate')).toContainText(certNo);

  // The decision attached, and previewed in the page.
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: '处罚决定书.pdf', mimeType: 'application/pdf', buffer: DECISION_PDF });
  await expect(page.getByTestId('file-name')).toHaveText('处罚决定书.pdf');
  await page.getByTestId('file-preview-link').click();
  await expect(page.getByTestId('preview-pdf')).toBeVisible();
  await expect.poll(() => page.getByTestId('preview-pdf').getAttribute('src')).toMatch(/^blob:/);
  await page
    .getByRole('dialog', { name: /附件预览/ })
    .getByRole('button', { name: 'Close' })
    .click();

  await page.getByTestId('punishment-submit').click();
  await expect(page.getByText('已提交，等待另一名工作人员审核').first()).toBeVisible();
  const recorded = page.getByTestId('punishment-table').getByRole('row').filter({ hasText: DOC_NO });
  await expect(recorded.getByTestId('cell-reviewState')).toHaveText('待审核');
  await expect(recorded.getByTestId('check-status')).toHaveText('新增待审核');
  // The submitter may look and withdraw, not approve.
  await expect(recorded.getByText('查看/撤回')).toBeVisible();

  // Nothing is in force yet: the certificate is still valid.
  await navigate(page, '/search/certSearch');
  await page.getByTestId('cert-search-certNo').fill(certNo);
  await page.getByTestId('cert-search-certNo').press('Enter');
  await expect(page.getByTestId('cert-table').getByRole('row').filter({ hasText: certNo })).toContainText('有效');

  // A second officer of the centre approves it from the 待审核 tab.
  await page.evaluate(() => localStorage.clear());
  await apiSignIn(page, 'gz_sh');
  await openCredit(page);
  await page.getByTestId('tab-pending').click();
  const waiting = page.getByTestId('punishment-table').getByRole('row').filter({ hasText: DOC_NO });
  await waiting.getByText('审核', { exact: true }).click();
  const reviewWindow = page.getByTestId('review-modal');
  await expect(page.getByTestId('review-diff')).toContainText(DOC_NO);
  await expect(page.getByTestId('review-diff')).toContainText(certNo);
  await page.getByTestId('review-comment').fill('事实清楚，同意暂扣');
  await page.getByTestId('review-approve').click();
  await expect(reviewWindow).toBeHidden();
  await page.getByTestId('tab-all').click();
  const approved = page.getByTestId('punishment-table').getByRole('row').filter({ hasText: DOC_NO });
  await expect(approved.getByTestId('cell-reviewState')).toHaveText('已生效');

  // The detail shows the certificate suspended and the attachment opens in the page.
  await approved.getByTestId('cell-name').click();
  await expect(page.getByTestId('detail-cert-status')).toHaveText('暂扣');
  await page.getByTestId('drawer-file-preview').click();
  await expect(page.getByTestId('preview-pdf')).toBeVisible();

  // The certificate search: 暂扣.
  await navigate(page, '/search/certSearch');
  await page.getByTestId('cert-search-certNo').fill(certNo);
  await page.getByTestId('cert-search-certNo').press('Enter');
  await expect(page.getByTestId('cert-table').getByRole('row').filter({ hasText: certNo })).toContainText('暂扣');
  await page.close();
});

test('the public finds a certificate transferred out of the province by its number, with the holder masked', async ({
  page,
  request,
}) => {
  await useLanguage(page, 'zh-CN');
  const login = await request.post('/api/login/login', { data: { username: 'province', password: 'Demo#2026' } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const list = await request.get('/api/safetyCertificateInfo/list?status=06&pageSize=1', { headers: { token } });
  const [cert] = ((await list.json()) as { rows: { certNo: string; name: string }[] }).rows;
  expect(cert).toBeDefined();
  await page.goto('/web/outSearch');
  await page.getByTestId('search-certno').fill(cert!.certNo);
  await page.getByTestId('search-submit').click();
  const result = page.getByTestId('search-result');
  await expect(result).toContainText(cert!.certNo);
  await expect(result).toContainText(cert!.name);
  await expect(result).toContainText('办理转出');
  await expect(result).toContainText('*');
  // Only a name is not enough.
  await page.getByRole('button', { name: '重 置' }).click();
  await page.getByTestId('search-name').fill(cert!.name);
  await page.getByTestId('search-submit').click();
  await expect(page.getByText('身份证号码不能为空')).toBeVisible();
});

/**
 * The certificate business in the browser (zh-CN): ent_gz applies for a delay of person1's C3
 * certificate through the wizard (pick → pre-check → delay info → materials → submit), person1
 * confirms it, 受理/初审/审核/办结 agree in their queues, and the certificate is valid three years
 * longer. An over-age holder is refused in step 0 with the rule's words.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, apiSignIn, navigate, uploadWizardMaterial, useLanguage } from './helpers';
import { CONFIRM_FIRST } from '../../src/components/WorkflowActions/events';

async function apiToken(request: APIRequestContext, user: string): Promise<string> {
  const res = await request.post('/api/login/login', { data: { username: user, password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function apiGet<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: { token } });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** The date three years on, as the server's close effect computes it. */
function plusThreeYears(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 3);
  return d.toISOString().slice(0, 10);
}

async function signedIn(browser: import('@playwright/test').Browser, user: string): Promise<Page> {
  const page = await browser.newPage();
  await useLanguage(page, 'zh-CN');
  await apiSignIn(page, user);
  return page;
}

async function openQueue(page: Page, path: string, applyNo: string) {
  await navigate(page, path);
  await expect(page.getByTestId('queue-table')).toBeVisible();
  await page.getByTestId('queue-keyword').fill(applyNo);
  await page.getByTestId('queue-keyword').press('Enter');
  await expect(page.getByTestId('queue-row-applyNo')).toHaveCount(1);
  await expect(page.getByTestId('queue-row-applyNo').first()).toHaveText(applyNo);
  await page.getByTestId('queue-row-applyNo').first().click();
}

async function act(page: Page, event: string, comment: string) {
  // The dialog's button: a holder's list also offers the same events in each row.
  const button = page.getByTestId('application-view').getByTestId(`wf-action-${event}`);
  const box = page.getByTestId('wf-comment');
  await expect(button).toBeEnabled();
  // The view modal may still be animating in when the button appears: click again until the comment box opens.
  await expect(async () => {
    if (!(await box.isVisible())) await button.click();
    if (CONFIRM_FIRST.has(event)) await page.getByTestId('wf-confirm-ok').click({ timeout: 5_000 });
    await expect(box).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await box.fill(comment);
  await page.getByTestId('wf-submit').click();
  await expect(button).toHaveCount(0);
}

async function startApplication(page: Page, path: string, keyword: string) {
  await navigate(page, path);
  await expect(page.getByTestId('business-table')).toBeVisible();
  await page.getByTestId('business-apply').click();
  await page.getByTestId('wizard-candidate-search').fill(keyword);
  await page.getByTestId('wizard-candidate-search').press('Enter');
  const row = page.getByTestId('wizard-candidate-row').filter({ hasText: keyword });
  await expect(row).toHaveCount(1);
  await row.click();
}

test('ent_gz applies for a delay in the wizard, person1 confirms, the centre agrees: the certificate is valid 3 years longer', async ({
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  // person1's valid C3 certificate, as person1 sees it.
  const holderToken = await apiToken(request, 'person1');
  const own = await apiGet<{ rows: { certNo: string; category: string; expiryDate: string }[] }>(
    request,
    holderToken,
    '/api/safetyCertificateInfo/list?status=01&pageSize=30',
  );
  const c3 = own.rows.find((r) => r.category === 'C3');
  expect(c3, 'person1 holds a valid C3 certificate').toBeTruthy();
  const { certNo, expiryDate: expiry } = c3!;

  // ent_gz: step 0 picks it; the pre-check passes and shows the facts.
  const ent = await signedIn(browser, 'ent_gz');
  await startApplication(ent, '/business/applyDelay', certNo);
  await expect(ent.getByTestId('wizard-precheck-ok')).toBeVisible();
  await expect(ent.getByTestId('wizard-fact-certNo')).toHaveText(certNo);
  await expect(ent.getByTestId('wizard-fact-expiryDate')).toHaveText(expiry);
  await expect(ent.getByTestId('wizard-fact-educationHours')).toHaveText(/^\d+(\.\d+)? \/ 72$/);

  // Step 1: the delay as it will be; step 2: a material uploaded; step 3: the summary, then 提交.
  await ent.getByTestId('wizard-step-next').click();
  await expect(ent.getByTestId('delay-new-expiry')).toHaveText(plusThreeYears(expiry));
  await ent.getByTestId('wizard-remark').fill('证书即将到期，继续教育学时已满，申请延期');
  await ent.getByTestId('wizard-step-next').click();
  await uploadWizardMaterial(ent, '继续教育证明.pdf');
  await expect(ent.getByTestId('wizard-upload-error')).toHaveCount(0);
  await ent.getByTestId('wizard-step-next').click();
  await expect(ent.getByTestId('wizard-summary')).toContainText(certNo);
  await expect(ent.getByTestId('wizard-summary')).toContainText('继续教育证明.pdf');
  await ent.getByTestId('wizard-submit').click();
  await expect(ent.getByTestId('business-wizard')).toHaveCount(0);

  // The list shows it waiting for the holder: 申请中 (beside the demo's earlier delay of this
  // certificate, 不予受理).
  await ent.getByTestId('business-search-keyword').fill(certNo);
  await ent.getByTestId('business-search-keyword').press('Enter');
  const row = ent.locator('tr').filter({ has: ent.getByTestId('business-row-status').filter({ hasText: '申请中' }) });
  await expect(row).toHaveCount(1);
  const applyNo = (await row.getByTestId('business-row-applyNo').textContent())!.trim();
  // Once submitted it can no longer be edited, submitted again or deleted.
  await expect(row.getByTestId('business-row-edit')).toHaveCount(0);
  await expect(row.getByTestId('business-row-delete')).toHaveCount(0);

  // person1 confirms under 延期确认.
  const p1 = await signedIn(browser, 'person1');
  await openQueue(p1, '/personCheck/personCheckDelay', applyNo);
  await act(p1, 'CONFIRM', '本人确认申请延期');
  await expect(p1.getByTestId('application-status')).toContainText('已提交');

  // 受理, 初审, 审核, 办结 agree in their queues.
  const steps: Array<[string, string]> = [
    ['gz_sl', '/queue/delay/waitAccept'],
    ['gz_cs', '/queue/delay/waitReview'],
    ['gz_sh', '/queue/delay/waitReview'],
    ['gz_bj', '/queue/delay/waitReview'],
  ];
  for (const [user, path] of steps) {
    const staff = await signedIn(browser, user);
    await openQueue(staff, path, applyNo);
    await act(staff, 'AGREE', '材料齐全，符合要求，同意');
    await staff.close();
  }

  // Through the API as ent_gz: closed, and the certificate's expiry moved by exactly 3 years.
  const token = await apiToken(request, 'ent_gz');
  const list = await apiGet<{ rows: { id: number; applyNo: string }[] }>(
    request,
    token,
    `/api/apply/delay/list?keyword=${encodeURIComponent(applyNo)}`,
  );
  const id = list.rows.find((r) => r.applyNo === applyNo)!.id;
  const detail = (
    await apiGet<{ data: { status: number; outcome: string; certificate: { certNo: string; expiryDate: string } } }>(
      request,
      token,
      `/api/apply/delay/get/${id}`,
    )
  ).data;
  expect(detail.status).toBe(8);
  expect(detail.certificate.certNo).toBe(certNo);
  expect(detail.certificate.expiryDate).toBe(plusThreeYears(expiry));

  // 办结 prints the new version from the print queue: a PDF opens and the item moves to 已打印.
  const bj = await signedIn(browser, 'gz_bj');
  await navigate(bj, '/print/waitPrint');
  await bj.getByTestId('print-keyword').fill(applyNo);
  await bj.getByTestId('print-keyword').press('Enter');
  await expect(bj.getByTestId('print-row-applyNo')).toHaveCount(1, { timeout: 45_000 });
  const pdf = bj.context().waitForEvent('page');
  await bj.getByTestId('print-row-print').click();
  await pdf;
  await expect(bj.getByText(/证书已生成（第 \d+ 次打印）/)).toBeVisible();
  await navigate(bj, '/print/printed');
  await bj.getByTestId('print-keyword').fill(applyNo);
  await bj.getByTestId('print-keyword').press('Enter');
  await expect(bj.getByTestId('print-row-applyNo')).toHaveCount(1);
  await bj.close();

  // The public page of the certificate (its QR code's address) shows the new validity.
  const found = await apiGet<{ rows: { certNo: string; queryCode: string }[] }>(
    request,
    token,
    `/api/safetyCertificateInfo/list?certNo=${encodeURIComponent(certNo)}`,
  );
  const queryCode = found.rows.find((r) => r.certNo === certNo)!.queryCode;
  const visitor = await browser.newPage();
  await useLanguage(visitor, 'zh-CN');
  await visitor.goto(`/cert/${queryCode}`);
  await expect(visitor.getByTestId('cert-verified')).toBeVisible();
  await expect(visitor.getByTestId('cert-no')).toHaveText(certNo);
  await expect(visitor.getByTestId('cert-found')).toContainText(plusThreeYears(expiry));
  await visitor.close();
});

test("a delay for a holder over the age limit stops in step 0 with the rule's words", async ({ page }) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'zh-CN');
  await apiSignIn(page, 'ent_gz');
  await startApplication(page, '/business/applyDelay', '宋德明');
  await expect(page.getByTestId('wizard-precheck-error')).toContainText('申请人超过年龄限制');
  await expect(page.getByTestId('wizard-precheck-ok')).toHaveCount(0);
  await expect(page.getByTestId('wizard-step-next')).toBeDisabled();
});

test('an enterprise with a rename in progress is not offered 申请 on 企业更名, and is told why', async ({
  browser,
}) => {
  // ent_gz2's rename waits at 初审 (demo): the server answers GET /apply/rename/applicable with the rule's words.
  const page = await signedIn(browser, 'ent_gz2');
  await navigate(page, '/business/enterpriseRename');
  await expect(page.getByTestId('business-table')).toBeVisible();
  const apply = page.getByTestId('business-apply');
  await expect(apply).toBeDisabled();
  await apply.locator('..').hover();
  await expect(page.getByRole('tooltip')).toContainText('暂不能新建申请：本企业有同类业务正在办理');
  await page.close();
});

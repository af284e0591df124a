/**
 * Certificates in the browser: the 办结 clerk prints a waiting certificate (it moves to the printed
 * queue with its count), the provincial administrator searches certificates and opens one with its
 * versions, and the public QR page shows a masked ID number.
 */
import { expect, test } from '@playwright/test';
import { apiSignIn, navigate, useLanguage } from './helpers';

test('printing moves the certificate from 待打印 to 已打印 with its print count', async ({ page, context }) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'zh-CN');
  await apiSignIn(page, 'gz_bj');
  await navigate(page, '/print/waitPrint');
  const first = page.getByTestId('print-row-applyNo').first();
  await expect(first).toBeVisible({ timeout: 45_000 });
  const applyNo = (await first.textContent())!.trim();
  const popup = context.waitForEvent('page');
  await page.getByTestId('print-row-print').first().click();
  await popup;
  await expect(page.getByText(/证书已生成（第 \d+ 次打印）/)).toBeVisible();
  await expect(page.getByTestId('print-row-applyNo').filter({ hasText: applyNo })).toHaveCount(0);

  await navigate(page, '/print/printed');
  await page.getByTestId('print-keyword').fill(applyNo);
  await page.getByTestId('print-keyword').press('Enter');
  await expect(page.getByTestId('print-row-applyNo')).toHaveCount(1);
  await expect(page.getByTestId('print-row-count')).not.toHaveText('0');
});

test('certificate search: filter, details with the version history', async ({ page }) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'zh-CN');
  await apiSignIn(page, 'province');
  await navigate(page, '/search/certSearch');
  // The first visit loads the page's chunk and the list: give a busy machine time.
  const first = page.getByTestId('cert-row-certNo').first();
  await expect(first).toBeVisible({ timeout: 45_000 });
  const certNo = (await first.textContent())!.trim();
  await page.getByTestId('cert-search-certNo').fill(certNo);
  await page.getByTestId('cert-search-certNo').press('Enter');
  await expect(page.getByTestId('cert-row-certNo')).toHaveCount(1);
  await page.getByTestId('cert-row-view').click();
  await expect(page.getByTestId('cert-drawer-certNo')).toHaveText(certNo);
  await expect(page.getByTestId('cert-versions')).toContainText('当前版本');
});

test('the public certificate page masks the ID number', async ({ page, request }) => {
  await useLanguage(page, 'zh-CN');
  const login = await request.post('/api/login/login', { data: { username: 'province', password: 'Demo#2026' } });
  const token = (await login.json()).data.token as string;
  const list = await request.get('/api/safetyCertificateInfo/list?status=01&pageSize=1', { headers: { token } });
  const cert = (await list.json()).rows[0] as { queryCode: string; idNo: string; certNo: string };
  await page.goto(`/cert/${cert.queryCode}`);
  await expect(page.getByTestId('cert-verified')).toBeVisible();
  await expect(page.getByTestId('cert-no')).toHaveText(cert.certNo);
  await expect(page.getByTestId('cert-idno')).toHaveText(`${cert.idNo.slice(0, 3)}***********${cert.idNo.slice(-4)}`);
  await page.goto('/cert/NoSuchCode123456');
  await expect(page.getByTestId('cert-not-found')).toContainText('未查询到该证书');
});

test('the public certificate page says what a verifier needs: the validity as printed, a 暂扣 with its period', async ({
  page,
  request,
}) => {
  await useLanguage(page, 'zh-CN');
  const login = await request.post('/api/login/login', { data: { username: 'province', password: 'Demo#2026' } });
  const token = (await login.json()).data.token as string;
  type Row = {
    queryCode: string;
    issueDate: string;
    validFrom: string;
    expiryDate: string;
    suspendedFrom: string;
    suspendedTo: string;
  };
  // A delayed certificate: its validity starts after its 发证日期 (the PDF prints validFrom … expiryDate).
  const valid = (
    await (await request.get('/api/safetyCertificateInfo/list?status=01&pageSize=200', { headers: { token } })).json()
  ).rows as (Row & { version: number })[];
  const delayed = valid.find((r) => r.validFrom !== r.issueDate)!;
  await page.goto(`/cert/${delayed.queryCode}`);
  await expect(page.getByTestId('cert-validity')).toHaveText(`${delayed.validFrom} 至 ${delayed.expiryDate}`);
  await expect(page.getByTestId('cert-issue-date')).toHaveText(delayed.issueDate);
  const suspended = (
    await (await request.get('/api/safetyCertificateInfo/list?status=02&pageSize=1', { headers: { token } })).json()
  ).rows[0] as Row;
  await page.goto(`/cert/${suspended.queryCode}`);
  await expect(page.getByTestId('cert-invalid')).toContainText('证书暂扣中');
  await expect(page.getByTestId('cert-suspension')).toHaveText(
    `${suspended.suspendedFrom} 至 ${suspended.suspendedTo}`,
  );
  await expect(page.getByTestId('cert-invalid')).not.toContainText('已不再有效');
});

/**
 * The users' day (issue #16) in Chromium: a holder is told that a confirmation waits and decides in
 * the row; a reviewer opens the whole case (materials previewed in the page, the certificate before
 * and after); tabs name the business type; an individual finds their certificates with the QR
 * link; the public certificate search shows every field and opens the certificate's page.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, apiSignIn, navigate, useLanguage } from './helpers';

async function signIn(page: Page, user: string) {
  await useLanguage(page, 'zh-CN');
  await apiSignIn(page, user);
}

test('a holder sees the waiting confirmation as a to-do, confirms it in the row, and the to-do is gone', async ({
  page,
}) => {
  await signIn(page, 'person2');
  const todos = page.getByTestId('workplace-todos');
  await expect(todos).toContainText('请确认：证书变更');
  const todoText = (await todos
    .getByText(/请确认：证书变更 \S+/)
    .first()
    .textContent())!;
  const applyNo = todoText.split(' ').pop()!;
  await expect(page.getByTestId('notice-badge')).toBeVisible();

  await navigate(page, '/personCheck/personCheckChange');
  const row = page.locator('tr', { hasText: applyNo });
  await expect(row).toBeVisible();
  await row.getByTestId('wf-action-CONFIRM').click();
  const box = page.getByTestId('wf-comment');
  await expect(box).toBeVisible();
  // The holder is not offered the reviewers' phrases.
  await expect(page.getByText('常用意见')).toHaveCount(0);
  await box.fill('本人确认变更内容属实');
  await page.getByTestId('wf-submit').click();
  await expect(row.getByTestId('wf-action-CONFIRM')).toHaveCount(0);

  await page.goto('/dashboard');
  await expect(page.getByTestId('workplace-todos')).toBeVisible();
  await expect(page.getByTestId('workplace-todos')).not.toContainText(applyNo);
});

test('a reviewer opens the whole case: the material in the page and the certificate before and after', async ({
  page,
}) => {
  await signIn(page, 'gz_sl');
  await navigate(page, '/queue/delay/waitAccept');
  await expect(page.getByTestId('queue-table')).toBeVisible();
  // The tab says which business type's queue it is (every type has a 待受理).
  await expect(page.getByTestId('multi-tab-item').filter({ hasText: '证书延期 · 待受理' })).toBeVisible();

  // By keyboard: the row's link takes the focus and Enter opens the dialog; Escape closes it.
  await page.getByTestId('queue-row-view').first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('application-fields')).toBeVisible();
  // The dialog takes the focus (its opening animation first), so Escape reaches it.
  await expect(page.locator('.ant-modal-wrap:focus-within, .ant-modal-wrap :focus')).not.toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('application-fields')).toHaveCount(0);
  await page.getByTestId('queue-row-view').first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('application-fields')).toBeVisible();
  await expect(page.getByTestId('wf-action-AGREE')).toHaveText(/受\s*理/);
  await page.getByTestId('case-tab').click();
  const materials = page.getByTestId('case-materials');
  await expect(materials).toContainText('继续教育学时证明.pdf');
  await materials.locator('li', { hasText: '继续教育学时证明.pdf' }).getByTestId('case-material-preview').click();
  await expect(page.getByTestId('case-material-frame')).toBeVisible();
  const changes = page.getByTestId('case-changes');
  await expect(changes).toContainText('有效期');
  await expect(page.getByTestId('case-check-now')).toBeVisible();
  // Why: each rule with its answer and facts, in order; the delay's nine checks and the hours against the requirement.
  const why = page.getByTestId('case-why');
  await expect(why.getByTestId('case-why-item')).not.toHaveCount(0);
  await expect(why).toContainText('继续教育学时达到要求（第 2 项）');
  await expect(why).toContainText('应完成继续教育');
  await expect(why).not.toContainText('性别0');
  await expect(page.getByTestId('case-certificates')).toBeVisible();

  // The same case as a page of its own.
  const [casePage] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByTestId('case-open-page').click(),
  ]);
  await expect(casePage.getByTestId('case-view')).toBeVisible();
  await expect(casePage.getByTestId('case-materials')).toContainText('申请表.pdf');
});

test('an individual finds their certificates with the validity period, the version and the QR page', async ({
  page,
}) => {
  await signIn(page, 'person1');
  await navigate(page, '/personCheck/myCertificates');
  const card = page.getByTestId('my-cert-card').first();
  await expect(card).toBeVisible();
  await expect(card.getByTestId('my-cert-validity')).toHaveText(/^\d{4}-\d{2}-\d{2} ~ \d{4}-\d{2}-\d{2}$/);
  await expect(card.getByTestId('my-cert-qr')).toBeVisible();
  const href = await card.getByTestId('my-cert-public').getAttribute('href');
  expect(href).toMatch(/^\/cert\/[A-Za-z0-9_-]+$/);
  await page.goto(href!);
  await expect(page.getByRole('heading', { name: /安全生产考核合格证书信息/ })).toBeVisible();
});

test('the public certificate search shows every field at 1024 px and opens the certificate page', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await useLanguage(page, 'zh-CN');
  // A certificate number of the demo, as a visitor would copy it from a paper certificate.
  const login = await request.post('/api/login/login', { data: { username: 'person1', password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const list = await request.get('/api/safetyCertificateInfo/list?pageNum=1&pageSize=1', { headers: { token } });
  const certNo = ((await list.json()) as { rows: { certNo: string }[] }).rows[0]!.certNo;

  await page.goto('/web/certSearch');
  await page.getByTestId('search-certno').fill(certNo);
  await page.getByTestId('search-submit').click();
  const card = page.getByTestId('cert-result-card').first();
  await expect(card).toBeVisible();
  for (const label of ['证件号码', '证书类别', '企业名称', '有效期', '发证日期'])
    await expect(card).toContainText(label);
  const box = await card.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(1024);
  await card.getByTestId('cert-result-open').click();
  await expect(page).toHaveURL(/\/cert\/[A-Za-z0-9_-]+$/);
  await expect(page.getByText(certNo).first()).toBeVisible();
});

interface MenuEntry {
  menuId: number;
  parentId: number;
  path: string;
  component: string | null;
}

test('each Guangzhou step account opens every queue of its menu: rows or an honest empty table, never a refusal', async ({
  browser,
}) => {
  test.setTimeout(10 * 60_000);
  for (const user of ['gz_sl', 'gz_cb', 'gz_cs', 'gz_sh', 'gz_sp', 'gz_bj']) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, user);
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}') as { value?: string }).value ?? '',
    );
    const menu = (
      (await (await page.request.get('/api/menu/user/0', { headers: { token } })).json()) as { data: MenuEntry[] }
    ).data;
    const byId = new Map(menu.map((m) => [m.menuId, m]));
    // A queue entry sits under its business type under 业务办理: /queue/<type>/<view>.
    const paths = menu
      .filter((m) => m.component?.startsWith('queue/'))
      .map((q) => `/queue/${byId.get(q.parentId)?.path}/${q.path}`);
    expect(paths.length, `${user} has queues`).toBeGreaterThan(0);
    for (const path of paths) {
      // The queue's own answer, not the one of the page before: the server lets this user read it.
      const answer = page.waitForResponse(
        (r) => r.url().includes('/api/workflow/queue/') && r.request().method() === 'GET',
      );
      await navigate(page, path);
      expect((await answer).status(), `${user} ${path}`).toBe(200);
      await expect(page.getByTestId('queue-table'), `${user} ${path}`).toBeVisible();
      await expect(
        page.getByTestId('queue-table').locator('.ant-table-row, .ant-table-placeholder').first(),
        `${user} ${path}`,
      ).toBeVisible();
      expect(page.url(), `${user} ${path}`).not.toContain('/403');
    }
    await context.close();
  }
});

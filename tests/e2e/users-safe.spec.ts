/**
 * Issue #47 items 1, 4 and 6 in Chromium, as the users walk them (screenshots of each step go to
 * .tmp/shots for a look): the administrator changes only a holder's 备注 and sees, before
 * submitting, that the person link stays; an unlink must be ticked by name before it is submitted
 * and again before it is approved; the security administrator's workbench counts the changes, the
 * count opens the 待审核 tab, the to-do opens the review; the holder keeps 我的证书. A reviewer sees
 * the holder's ID number masked in the case view and reveals it by a click, which the audit
 * administrator then reads in 个人信息访问日志.
 */
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, apiSignIn, navigate, useLanguage } from './helpers';

const SHOTS = '.tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });
const PAGE_LOAD = { timeout: 30_000 };

async function signedIn(browser: Browser, user: string, lng: 'zh-CN' | 'en-US' = 'zh-CN'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await useLanguage(page, lng);
  await apiSignIn(page, user);
  return page;
}

async function token(request: APIRequestContext, user: string): Promise<string> {
  const res = await request.post('/api/login/login', { data: { username: user, password: DEMO_PASSWORD } });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Opens the user's edit form from the user list, found by login name. */
async function openEdit(page: Page, userName: string) {
  await navigate(page, '/system/user');
  await expect(page.getByTestId('user-table')).toBeVisible(PAGE_LOAD);
  await page.getByTestId('search-userName').fill(userName);
  await page.getByTestId('search-userName').press('Enter');
  await page.getByTestId(`user-edit-${userName}`).click();
  await expect(page.getByTestId('form-remark')).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('a remark edit keeps the holder linked; an unlink is chosen and reviewed by name; the counts and to-dos lead to the review', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await signedIn(browser, 'admin');

  // Only the remark: the confirmation shows the whole effect — the person link and the certificates stay.
  await openEdit(admin, 'person_gz6');
  await expect(admin.getByTestId('form-personId')).toContainText('汪晓琳');
  await admin.getByTestId('form-remark').fill('只改备注（端到端）');
  await admin.getByTestId('user-form-submit').click();
  const confirm = admin.getByTestId('user-confirm');
  await expect(confirm.getByTestId('user-confirm-diff')).toContainText('只改备注（端到端）');
  await expect(confirm.getByTestId('user-confirm-diff').locator('tbody tr')).toHaveCount(1);
  await expect(confirm.getByTestId('effect-person')).toContainText('汪晓琳');
  await expect(confirm.getByTestId('effect-person')).toContainText('不变');
  await admin.screenshot({ path: `${SHOTS}/user-confirm-remark.zh-CN.png` });
  await admin.getByTestId('user-confirm-submit').click();
  await expect(admin.getByText('已提交，等待安全管理员审核')).toBeVisible();
  // The notice stays 3 s: the next submission's must not be confused with this one.
  await expect(admin.getByText('已提交，等待安全管理员审核')).toHaveCount(0);

  // Clearing another holder's person link: warned, and not submitted until ticked.
  await openEdit(admin, 'person_gz5');
  await admin.getByTestId('form-personId').hover();
  await admin.getByTestId('user-form').locator('.ant-select-clear').first().click();
  await admin.getByTestId('user-form-submit').click();
  await expect(confirm.getByTestId('effect-warning-unlinksPerson')).toBeVisible();
  await expect(admin.getByTestId('user-confirm-submit')).toBeDisabled();
  await admin.screenshot({ path: `${SHOTS}/user-confirm-unlink.zh-CN.png` });
  await confirm.getByTestId('effect-choose-unlinksPerson').check();
  await admin.getByTestId('user-confirm-submit').click();
  await expect(admin.getByText('已提交，等待安全管理员审核')).toBeVisible();

  // The security administrator: the count, the list it opens, the to-do that opens the review.
  for (const lng of ['en-US', 'zh-CN'] as const) {
    const sec = await signedIn(browser, 'secadmin', lng);
    const count = sec.getByTestId('bench-pendingUserReviews');
    await expect(count).toContainText('2');
    await expect(sec.getByTestId('workplace-todos')).toContainText(
      lng === 'zh-CN' ? '待审核：修改用户 person_gz6' : 'To review: change to user person_gz6',
    );
    await sec.screenshot({ path: `${SHOTS}/secadmin-workbench.${lng}.png`, fullPage: true });
    if (lng === 'en-US') {
      await sec.getByTestId('bench-link-pendingUserReviews').click();
      await expect(sec).toHaveURL(/\/system\/user\?tab=pending/);
      await expect(sec.getByTestId('user-table').locator('tbody tr.ant-table-row')).toHaveCount(2);
      await sec.getByTestId('user-review-person_gz5').click();
      await expect(sec.getByTestId('effect-warning-unlinksPerson')).toBeVisible();
      await sec.screenshot({ path: `${SHOTS}/review-unlink.en-US.png` });
      await sec.close();
      continue;
    }
    await sec
      .getByTestId('workplace-todos')
      .getByText(/待审核：修改用户 person_gz6/)
      .click();
    await expect(sec.getByTestId('review-diff')).toBeVisible();
    await expect(sec.getByTestId('review-diff').locator('tbody tr')).toHaveCount(1);
    await expect(sec.getByTestId('effect-person')).toContainText('汪晓琳');
    await sec.screenshot({ path: `${SHOTS}/review-remark.zh-CN.png` });
    await sec.getByTestId('review-approve').click();
    await expect(sec.getByText('审核通过，修改已生效')).toBeVisible();
    // The unlink: 通过 only once the warning is ticked by name.
    await sec.getByTestId('user-review-person_gz5').click();
    await expect(sec.getByTestId('review-approve')).toBeDisabled();
    await sec.screenshot({ path: `${SHOTS}/review-unlink.zh-CN.png` });
    await sec.getByTestId('review-comment').fill('本人申请解除关联，已核实');
    await sec.getByTestId('effect-choose-unlinksPerson').check();
    await sec.getByTestId('review-approve').click();
    // The first approval's message may still be on screen: the newest is the last.
    await expect(sec.getByText('审核通过，修改已生效').last()).toBeVisible();
    await sec.close();
  }

  // The holder whose remark changed still finds their certificates.
  const holder = await signedIn(browser, 'person_gz6');
  await navigate(holder, '/personCheck/myCertificates');
  await expect(holder.getByTestId('my-cert-card').first()).toBeVisible(PAGE_LOAD);
  await holder.close();
  await admin.close();
});

test('an ID number in the case view is masked; a click shows it and the auditor reads who saw it', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tok = await token(request, 'gz_cs');
  const queue = (await (
    await request.get('/api/workflow/queue/waitReview?businessType=delay&pageSize=1', { headers: { token: tok } })
  ).json()) as { rows: { id: number; holderName: string }[] };
  const app = queue.rows[0]!;
  for (const lng of ['zh-CN', 'en-US'] as const) {
    const reviewer = await signedIn(browser, 'gz_cs', lng);
    await navigate(reviewer, `/workflow/case/${app.id}`);
    const idNo = reviewer.getByTestId('case-facts-now-idNo');
    await expect(idNo).toContainText('***********', PAGE_LOAD);
    await reviewer.screenshot({ path: `${SHOTS}/case-masked.${lng}.png`, fullPage: true });
    if (lng === 'zh-CN') {
      await reviewer.getByTestId('case-facts-now-idNo-reveal').click();
      await expect(idNo).not.toContainText('*');
      await expect(idNo).toContainText(/\d{17}[\dX]/);
      await reviewer.screenshot({ path: `${SHOTS}/case-revealed.zh-CN.png`, fullPage: true });
    }
    await reviewer.close();
  }
  for (const lng of ['zh-CN', 'en-US'] as const) {
    const auditor = await signedIn(browser, 'auditor', lng);
    await navigate(auditor, '/system/pdlog');
    const row = auditor.getByTestId('pdlog-table').locator('tr', { hasText: 'gz_cs' }).first();
    await expect(row).toContainText(app.holderName, PAGE_LOAD);
    await expect(row.getByTestId('pdlog-via')).toContainText(`#${app.id}`);
    await auditor.screenshot({ path: `${SHOTS}/pdlog.${lng}.png` });
    await auditor.close();
  }
});

test("an individual's counts open their lists", async ({ browser }) => {
  const person = await signedIn(browser, 'person3');
  await expect(person.getByTestId('bench-toConfirm')).toContainText('1');
  await person.screenshot({ path: `${SHOTS}/person-workbench.zh-CN.png`, fullPage: true });
  await person.getByTestId('bench-link-toConfirm').click();
  await expect(person).toHaveURL(/\/system\/sysTodo\?kind=confirm/);
  await expect(person.getByTestId('todo-filter')).toBeVisible();
  await expect(person.getByTestId('todo-table')).toContainText('请确认');
  // The top counts are links too, opened from the keyboard: 待办事项 opens every to-do it counts.
  await navigate(person, '/dashboard');
  const todoCount = person.getByTestId('stat-todo').locator('.ant-statistic-content-value');
  await expect(todoCount).not.toHaveText('0');
  const counted = Number(await todoCount.innerText());
  await person.getByTestId('stat-link-todo').focus();
  await person.keyboard.press('Enter');
  await expect(person).toHaveURL(/\/system\/sysTodo$/);
  await expect(person.getByTestId('todo-table').locator('tbody tr.ant-table-row')).toHaveCount(counted);
  await person.close();
});

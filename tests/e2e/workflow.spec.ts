/**
 * Reviewers move an application through the queues in the browser: 受理 accepts it, it moves to
 * 承办's queue, 承办 returns it, 受理 accepts again and withdraws, and the statechart shows the path.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, navigate, useLanguage } from './helpers';
import { CONFIRM_FIRST } from '../../src/components/WorkflowActions/events';

async function openQueue(page: Page, path: string, applyNo?: string) {
  await page.goto(path);
  const table = page.getByTestId('queue-table');
  await expect(table).toBeVisible();
  if (applyNo) {
    await page.getByTestId('queue-keyword').fill(applyNo);
    await page.getByTestId('queue-keyword').press('Enter');
    await expect(page.getByTestId('queue-row-applyNo')).toHaveCount(1);
    await expect(page.getByTestId('queue-row-applyNo').first()).toHaveText(applyNo);
  }
  return table;
}

async function act(page: Page, event: string, comment: string) {
  await page.getByTestId(`wf-action-${event}`).click();
  // Waited for, not peeked at: on a loaded machine the dialogs open after the click returns.
  if (CONFIRM_FIRST.has(event)) await page.getByTestId('wf-confirm-ok').click();
  await page.getByTestId('wf-comment').fill(comment);
  await page.getByTestId('wf-submit').click();
}

test('受理 accepts, 承办 returns, 受理 accepts again and withdraws; the statechart shows the path', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const sl = await browser.newPage();
  await useLanguage(sl, 'zh-CN');
  await apiSignIn(sl, 'gz_sl');
  await openQueue(sl, '/queue/newCert/waitAccept');
  const first = sl.getByTestId('queue-row-applyNo').first();
  await expect(first).toBeVisible();
  const applyNo = (await first.textContent())!.trim();
  await first.click();
  await expect(sl.getByTestId('statechart')).toBeVisible();
  await expect(sl.getByTestId('statechart-current')).toBeVisible();
  // The form in words: 职务 shows the dictionary's label, not its code (08).
  const form = sl.getByTestId('application-payload');
  await expect(form).toContainText('职务');
  await expect(form).not.toContainText(/职务\s*\d/);
  await act(sl, 'AGREE', '材料齐全，符合要求，同意受理');
  // The queue moves on to the next waiting item (#47 item 2); the decided one left it, and 已受理
  // offers to take it back.
  await closeViewIfOpen(sl);
  await page_search_empty(sl, '/queue/newCert/waitAccept', applyNo);
  await openAccepted(sl, applyNo);
  await expect(sl.getByTestId('wf-action-WITHDRAW')).toBeVisible();
  await expect(sl.getByTestId('wf-action-AGREE')).toHaveCount(0);
  await sl.getByTestId('application-view-close').click();

  const cb = await browser.newPage();
  await useLanguage(cb, 'zh-CN');
  await apiSignIn(cb, 'gz_cb');
  await openQueue(cb, '/queue/newCert/waitReview', applyNo);
  await cb.getByTestId('queue-row-applyNo').first().click();
  await expect(cb.getByTestId('wf-action-RETURN')).toBeVisible();
  await act(cb, 'RETURN', '请核实申请人的工作年限证明');
  await expect(cb.getByTestId('wf-action-RETURN')).toHaveCount(0);
  await closeViewIfOpen(cb);

  // Back at 受理: accept again, then take it back.
  await openQueue(sl, '/queue/newCert/waitAccept', applyNo);
  await sl.getByTestId('queue-row-applyNo').first().click();
  await act(sl, 'AGREE', '已核实，同意受理');
  await closeViewIfOpen(sl);
  await openAccepted(sl, applyNo);
  await expect(sl.getByTestId('wf-action-WITHDRAW')).toBeVisible();
  await act(sl, 'WITHDRAW', '受理意见有误，撤回');
  // Taken back, it waits for 受理 again.
  await closeViewIfOpen(sl);
  await openQueue(sl, '/queue/newCert/waitAccept', applyNo);
  await sl.getByTestId('queue-row-applyNo').first().click();
  await expect(sl.getByTestId('wf-action-AGREE')).toBeVisible();

  const timeline = sl.getByTestId('history-timeline');
  await expect(timeline).toContainText('请核实申请人的工作年限证明');
  await expect(timeline).toContainText('受理意见有误，撤回');
  await expect(sl.getByTestId('history-item')).toHaveCount(5);
  await expect(sl.getByTestId('statechart')).toHaveAttribute('data-current', /submitted/);
});

/** The item the queue's view shows now, if any, closed. */
async function closeViewIfOpen(page: Page) {
  // After the last item of a filtered queue the view closes by itself (its close button may be
  // fading out and never take the click); otherwise it shows the next item and is closed here.
  const close = page.getByTestId('application-view-close');
  await close.click({ timeout: 5_000 }).catch(() => undefined);
  await expect(close).toBeHidden();
}

/** 已受理, the application found by its number and opened. */
async function openAccepted(page: Page, applyNo: string) {
  await openQueue(page, '/queue/newCert/accepted', applyNo);
  await page.getByTestId('queue-row-applyNo').first().click();
}

async function page_search_empty(page: Page, path: string, applyNo: string) {
  await openQueue(page, path);
  await page.getByTestId('queue-keyword').fill(applyNo);
  await page.getByTestId('queue-keyword').press('Enter');
  await expect(page.getByTestId('queue-row-applyNo')).toHaveCount(0);
}

test('an enterprise submits its saved application from its business page', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A saved draft of ent_gz's: an exam passer no other application is about (a reserved demo case).
  const login = await request.post('/api/login/login', { data: { username: 'ent_gz', password: 'Demo#2026' } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const picks = await request.get(`/api/apply/newCert/candidates?keyword=${encodeURIComponent('许晓敏')}`, {
    headers: { token },
  });
  const personId = ((await picks.json()) as { data: { personId: number }[] }).data[0]!.personId;
  const saved = await request.post('/api/apply/newCert/save', {
    headers: { token },
    data: { personId, payload: { category: 'C3', position: '08' } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await useLanguage(page, 'zh-CN');
  await apiSignIn(page, 'ent_gz');
  await navigate(page, '/business/newCertificate');
  await expect(page.getByTestId('business-table')).toBeVisible();
  const rows = page.getByTestId('business-row-applyNo');
  await expect(rows.first()).toBeVisible();
  // The seeded saved item is the one the enterprise may still submit.
  const count = await rows.count();
  for (let i = 0; i < count; i++) {
    await rows.nth(i).click();
    await expect(page.getByTestId('statechart')).toBeVisible();
    if (await page.getByTestId('wf-action-SUBMIT').isVisible()) break;
    await page.getByTestId('application-view-close').click();
  }
  // 提交 asks for no confirmation; its comment dialog opens (the comment is optional). Waiting for the
  // dialog, not peeking at it: on a loaded machine it opens after the click returns.
  await page.getByTestId('wf-action-SUBMIT').click();
  await expect(page.getByTestId('wf-comment')).toBeVisible();
  await page.getByTestId('wf-comment').fill('申请材料已齐全，提交审核');
  await page.getByTestId('wf-submit').click();
  await expect(page.getByTestId('wf-action-SUBMIT')).toHaveCount(0);
  await expect(page.getByTestId('wf-action-WITHDRAW')).toBeVisible();
  await expect(page.getByTestId('statechart')).toHaveAttribute('data-current', /submitted/);
});

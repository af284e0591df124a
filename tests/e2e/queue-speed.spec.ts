/**
 * Queue work at speed (issue #47 item 2), measured: a 受理 reviewer decides 20 waiting items one at a
 * time in the browser (open the first, A, Ctrl+Enter, and the next one opens by itself), then 20 more
 * together (select the page, 受理, send), and the test prints the decisions per minute of each. Beside
 * each it measures its bare limit in the same run: the same decisions sent straight to the API by the
 * next step's reviewer (one call per item, and one bulk call), and prints the ratio. Not a timed test:
 * it asserts what was decided, never how fast.
 *
 * The waiting items are revocations (证书注销) of certificates of ent_gz2…ent_gz5, submitted through
 * the API; their holders have no account, so they go straight to 受理.
 */
import os from 'node:os';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, apiSignIn, navigate, useLanguage } from './helpers';

const ITEMS = 20;
const QUEUE = '/queue/revocation/waitAccept';

interface Row {
  id: number;
  applyNo: string;
  version: number;
  allowedEvents: string[];
}

async function apiToken(request: APIRequestContext, user: string): Promise<string> {
  const res = await request.post('/api/login/login', { data: { username: user, password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data.token as string;
}

async function queueRows(request: APIRequestContext, token: string, queue: string): Promise<Row[]> {
  const res = await request.get(`/api/workflow/queue/${queue}?businessType=revocation&pageNum=1&pageSize=100`, {
    headers: { token },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).rows as Row[];
}

/** Revocations submitted until the 受理 queue holds `wanted` items. */
async function fillQueue(request: APIRequestContext, wanted: number): Promise<void> {
  const sl = await apiToken(request, 'gz_sl');
  let waiting = (await queueRows(request, sl, 'waitAccept')).length;
  for (const enterprise of ['ent_gz2', 'ent_gz3', 'ent_gz4', 'ent_gz5']) {
    if (waiting >= wanted) break;
    const token = await apiToken(request, enterprise);
    const candidates = (
      await (await request.get('/api/certificate/revocation/candidates', { headers: { token } })).json()
    ).data as { certificateId: number }[];
    for (const c of candidates) {
      if (waiting >= wanted) break;
      const res = await request.post(`/api/certificate/revocation/revoke?certificateId=${c.certificateId}&reason=1`, {
        headers: { token },
      });
      // A certificate with another business in progress is refused (422): the next one is taken.
      if (res.ok() && (await res.json()).data.status === 2) waiting += 1;
    }
  }
  expect(waiting).toBeGreaterThanOrEqual(wanted);
}

const perMinute = (decisions: number, ms: number) => (decisions * 60_000) / ms;
const fmt = (n: number) => n.toFixed(1);

async function openQueue(page: Page) {
  await navigate(page, QUEUE);
  await expect(page.getByTestId('queue-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
}

test(`decisions per minute for ${ITEMS} waiting items, one at a time and together`, async ({ browser, request }) => {
  test.setTimeout(600_000);
  await fillQueue(request, 2 * ITEMS);
  const sl = await apiToken(request, 'gz_sl');
  const sh = await apiToken(request, 'gz_sh');

  const loadBefore = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await useLanguage(page, 'zh-CN');
  await apiSignIn(page, 'gz_sl');
  await openQueue(page);
  // The page shows the queue in the order the API answers it: the first 20 are decided one at a time.
  const order = (await queueRows(request, sl, 'waitAccept')).filter((r) => r.allowedEvents.includes('AGREE'));
  const single = order.slice(0, ITEMS);

  // ---- one at a time: open the first, then A and Ctrl+Enter for each; the next opens by itself ----
  const title = page.locator('.ant-modal-title').first();
  const started = Date.now();
  await page.getByTestId('queue-row-applyNo').filter({ hasText: single[0]!.applyNo }).click();
  for (const row of single) {
    await expect(title).toContainText(row.applyNo);
    await expect(page.getByTestId('wf-action-AGREE')).toBeEnabled();
    await page.keyboard.press('a');
    await expect(page.getByTestId('wf-comment')).toBeFocused();
    await page.keyboard.press('Control+Enter');
    await expect(page.getByTestId('wf-comment')).toHaveCount(0);
  }
  // After the last of the page's first 20 the next waiting item opens: the 21st.
  await expect(title).not.toContainText(single.at(-1)!.applyNo);
  const singleMs = Date.now() - started;
  await page.getByTestId('application-view-close').click();

  const left = (await queueRows(request, sl, 'waitAccept')).filter((r) => r.allowedEvents.includes('AGREE'));
  for (const row of single) expect(left.map((r) => r.id)).not.toContain(row.id);
  expect(left.length).toBeGreaterThanOrEqual(ITEMS);

  // ---- together: a page of 50 (kept for the queue), select all, 受理, send ----
  await page.reload();
  // A reload parses the whole client again: slow on a busy 2-core machine.
  await expect(page.getByTestId('queue-table').locator('tbody tr.ant-table-row').first()).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('queue-table').locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 60_000 });
  await page.locator('.ant-pagination-options .ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: '50' }).click();
  await expect(page.locator('.ant-pagination-options .ant-select-selection-item')).toContainText('50');
  // The page size is kept for this queue: it opens again with 50 rows a page.
  await page.reload();
  await expect(page.locator('.ant-pagination-options .ant-select-selection-item')).toContainText('50', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('queue-table').locator('tbody tr.ant-table-row')).toHaveCount(
    Math.min(left.length, 50),
    { timeout: 60_000 },
  );
  const together = left.slice(0, ITEMS);
  const bulkStarted = Date.now();
  if (left.length === ITEMS) {
    // The page holds exactly the 20: the header's box selects them all.
    await page.getByTestId('queue-table').locator('thead .ant-checkbox-input').check();
  } else {
    for (const row of together) await page.getByRole('checkbox', { name: row.applyNo }).check();
  }
  await expect(page.getByTestId('bulk-actions')).toContainText(String(ITEMS));
  await page.getByTestId('bulk-action-AGREE').click();
  await page.getByTestId('bulk-submit').click();
  const answer = page.getByTestId('bulk-answer');
  await expect(answer.locator('tbody tr.ant-table-row')).toHaveCount(ITEMS);
  const bulkMs = Date.now() - bulkStarted;
  await expect(answer.getByText('已办理', { exact: true })).toHaveCount(ITEMS);
  await page.getByTestId('bulk-answer-close').click();
  await expect(page.getByTestId('queue-table').locator('tbody tr.ant-table-row')).toHaveCount(left.length - ITEMS);

  // ---- the bare limits: the same decisions straight to the API, by 审核 (the next step) ----
  const atReview = new Map((await queueRows(request, sh, 'waitReview')).map((r) => [r.id, r]));
  const apiStarted = Date.now();
  for (const row of single) {
    const r = atReview.get(row.id)!;
    const res = await request.post(`/api/workflow/${r.id}/events`, {
      headers: { token: sh },
      data: { type: 'AGREE', version: r.version },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const apiMs = Date.now() - apiStarted;
  const bulkApiStarted = Date.now();
  const bulkApi = await request.post('/api/workflow/bulk/events', {
    headers: { token: sh },
    data: { type: 'AGREE', items: together.map((row) => ({ id: row.id, version: atReview.get(row.id)!.version })) },
  });
  expect((await bulkApi.json()).data.done).toBe(ITEMS);
  const bulkApiMs = Date.now() - bulkApiStarted;

  const lines = [
    `decisions per minute, ${ITEMS} waiting items (受理 of 证书注销, gz_sl, Chromium):`,
    `  one at a time in the browser (A, Ctrl+Enter, next opens): ${fmt(perMinute(ITEMS, singleMs))}/min (${(singleMs / ITEMS / 1000).toFixed(2)} s each)`,
    `    bare limit, one API call per item (审核): ${fmt(perMinute(ITEMS, apiMs))}/min; browser / API = ${(apiMs / singleMs).toFixed(3)}`,
    `  together in the browser (select ${ITEMS}, 受理, send): ${fmt(perMinute(ITEMS, bulkMs))}/min (${(bulkMs / 1000).toFixed(1)} s for all)`,
    `    bare limit, one bulk API call (审核): ${fmt(perMinute(ITEMS, bulkApiMs))}/min; browser / API = ${(bulkApiMs / bulkMs).toFixed(3)}`,
    `  machine: ${os.cpus().length} cores, load average (1/5/15 min) ${loadBefore} before, ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' / ')} after`,
  ];
  console.log(lines.join('\n'));
});

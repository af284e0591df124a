/**
 * Every page works for everyone (issue #16): axe-core (WCAG 2.1 A and AA rules) on the public pages
 * and on every page of the demo accounts' menus, each page once with the first account whose menu
 * has it (a queue view once for all business types); no serious or critical violation anywhere. The report names page, rule and element.
 */
import fs from 'node:fs';
import axe from 'axe-core';
import { type APIRequestContext, expect, test, type Page } from '@playwright/test';
import { apiSignIn, DEMO_PASSWORD, navigate, useLanguage } from './helpers';

/** Accounts whose menus together hold every page of the product. */
const ACCOUNTS = ['admin', 'secadmin', 'auditor', 'province', 'gz_sl', 'gz_bj', 'ent_gz', 'person1'];
const PUBLIC_PAGES = [
  '/web',
  '/web/certSearch',
  '/web/signSearch',
  '/web/gradeSearch',
  '/web/outSearch',
  '/web/disclosure',
  '/user/login',
];

interface MenuEntry {
  menuId: number;
  parentId: number;
  path: string;
  component: string | null;
  redirect: string | null;
}

/**
 * Which page a menu entry shows: the 36 business queues and the six holder confirmation lists are
 * one page each per view (src/pages/queue), so one of each is walked.
 */
function pageKind(component: string): string {
  const queue = /^queue\/(WaitAccept|Accepted|WaitReview|Reviewed)/.exec(component);
  if (queue) return `queue/${queue[1]}`;
  if (/^personCheck\/PersonCheck/.test(component)) return 'personCheck/confirmation';
  return component;
}

/** The leaf pages of a menu (the server's flat list, children by parentId), as absolute paths with their page kind. */
function menuPages(entries: MenuEntry[]): { path: string; kind: string }[] {
  const children = new Map<number, MenuEntry[]>();
  for (const e of entries) children.set(e.parentId, [...(children.get(e.parentId) ?? []), e]);
  const out: { path: string; kind: string }[] = [];
  const walk = (parent: number, prefix: string) => {
    for (const e of children.get(parent) ?? []) {
      const path = e.path.startsWith('/') ? e.path : `${prefix}/${e.path}`;
      if (children.has(e.menuId)) walk(e.menuId, path);
      else if (e.component && e.component !== 'RouteView' && !(e.redirect ?? '').startsWith('http'))
        out.push({ path, kind: pageKind(e.component) });
    }
  };
  walk(0, '');
  return out;
}

/** How long, since `since`, the page has had no request running, in ms. */
type Quiet = (since: number) => number;

/** The page's request quiet, counted from its own requests (page.waitForLoadState knows only of reloads). */
function quietFor(page: Page): Quiet {
  let running = 0;
  let quietSince = Date.now();
  page.on('request', () => {
    running += 1;
  });
  const done = () => {
    running = Math.max(0, running - 1);
    if (running === 0) quietSince = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return (since) => (running > 0 ? 0 : Date.now() - Math.max(since, quietSince));
}

/** Waits until the page has stopped loading: no request for half a second, no spinner, no loading button. */
async function settled(page: Page, quiet: Quiet) {
  const since = Date.now();
  await expect
    .poll(() => quiet(since), { timeout: 20_000, intervals: [100] })
    .toBeGreaterThanOrEqual(500)
    .catch(() => undefined);
  await expect(page.locator('.ant-spin-spinning, .ant-btn-loading, .ant-skeleton-active'))
    .toHaveCount(0, { timeout: 20_000 })
    .catch(() => undefined);
}

/**
 * Waits until no fade or zoom runs: antd's motion changes the colours axe measures until it ends (a
 * dialog read while it opened had its text at 4.09:1 on a half-drawn mask). A spinner's endless turn
 * never ends and does not count.
 */
async function motionEnded(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** WCAG 2.1 A and AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const EXCLUDE = [
  // A loading button (a table's 查询 while its request runs) ignores clicks and is drawn at 65 %
  // opacity: an inactive control, which WCAG 1.4.3 leaves out.
  '.ant-btn-loading',
];

/**
 * The serious and critical violations of the page as it is now. axe-core goes into the page once
 * and stays while the router moves (AxeBuilder injected its 1.3 MB again and opened a blank page
 * for every analysis: 1.2 s a page before any rule ran).
 */
async function analyze(page: Page, path: string): Promise<string[]> {
  await motionEnded(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ tags, exclude }) => {
      const { axe: run } = window as unknown as { axe: typeof import('axe-core') };
      const result = await run.run(
        { exclude },
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      );
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary })),
      }));
    },
    { tags: TAGS, exclude: EXCLUDE },
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes
        .slice(0, 3)
        .map(
          (n) =>
            `${path} · ${v.id} (${v.impact}) · ${n.target.join(' ')} · ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
        ),
    );
}

/** A page's violations, opened through the app's router as a menu click would (a reload per page was half the walk's time). */
async function violations(page: Page, path: string, quiet: Quiet): Promise<string[]> {
  await navigate(page, path);
  await settled(page, quiet);
  const found = await analyze(page, path);
  if (found.length === 0) return found;
  // On a busy machine a table's request may start only after the page looked settled, while axe
  // reads it: its 查询 button turns loading (65 % opacity) under axe's eyes, three times on three
  // pages here. What a page shows once it has settled again is what counts.
  await settled(page, quiet);
  return analyze(page, path);
}

/**
 * Which pages each account walks: its menu's pages whose kind no account before it in ACCOUNTS
 * has (the workbench with the first). Read from the server's menus once per worker, so that each
 * account is a test of its own: a failure names the account, and a retry walks only its pages.
 */
let plan: Promise<Map<string, string[]>> | undefined;
function walkPlan(request: APIRequestContext): Promise<Map<string, string[]>> {
  plan ??= (async () => {
    const seen = new Set<string>(['dashboard']);
    const byAccount = new Map<string, string[]>();
    for (const user of ACCOUNTS) {
      const login = await request.post('/api/login/login', { data: { username: user, password: DEMO_PASSWORD } });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const menu = (await (await request.get('/api/menu/user/0', { headers: { token } })).json()) as {
        data: MenuEntry[];
      };
      const paths = byAccount.size === 0 ? ['/dashboard'] : [];
      for (const { path, kind } of menuPages(menu.data)) {
        if (seen.has(kind)) continue;
        seen.add(kind);
        paths.push(path);
      }
      byAccount.set(user, paths);
    }
    return byAccount;
  })();
  return plan;
}

test('no public page has a serious or critical accessibility violation', async ({ browser }) => {
  test.setTimeout(5 * 60_000);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const visitor = await context.newPage();
  const quiet = quietFor(visitor);
  await useLanguage(visitor, 'zh-CN');
  await visitor.goto('/');
  // The walk sees what it is there to see: an image without a text alternative is caught, then removed.
  await visitor.evaluate(() =>
    document.body.insertAdjacentHTML('beforeend', '<img id="axe-canary" src="/favicon.ico">'),
  );
  expect(await analyze(visitor, 'canary'), 'axe runs in the page').toEqual([
    expect.stringContaining('image-alt (critical)'),
  ]);
  await visitor.evaluate(() => document.getElementById('axe-canary')?.remove());
  const found: string[] = [];
  for (const path of PUBLIC_PAGES) found.push(...(await violations(visitor, path, quiet)));
  await context.close();
  expect(found, found.join('\n')).toEqual([]);
});

for (const user of ACCOUNTS) {
  test(`no page of ${user}'s menu has a serious or critical accessibility violation`, async ({ browser, request }) => {
    test.setTimeout(10 * 60_000);
    const byAccount = await walkPlan(request);
    // Guards the walk itself: a menu read as empty would pass every account.
    expect([...byAccount.values()].flat().length, 'pages walked by all accounts').toBeGreaterThan(50);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const quiet = quietFor(page);
    await useLanguage(page, 'zh-CN');
    await apiSignIn(page, user);
    const found: string[] = [];
    for (const path of byAccount.get(user) ?? []) found.push(...(await violations(page, path, quiet)));
    await context.close();
    expect(found, found.join('\n')).toEqual([]);
  });
}

/** Phone (iPhone X class) and desktop. */
const SIZES = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
] as const;
const SHOTS = '.tmp/public-a11y';

/**
 * Issue 45 item 5: the pages the public opens — a certificate by its QR code (valid, ended, unknown),
 * the public site and its searches with results — at phone and desktop size, in Chinese and English.
 * No serious or critical violation (contrast ≥ 4.5:1, links told apart from text included), and the
 * language switch's accessible name holds the words it shows. Screenshots go to .tmp/public-a11y.
 */
test('the public pages pass axe at phone and desktop size, in Chinese and English', async ({ browser, request }) => {
  test.setTimeout(15 * 60_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const login = await request.post('/api/login/login', { data: { username: 'province', password: 'Demo#2026' } });
  const token = (await login.json()).data.token as string;
  const certOf = async (status: string) => {
    const res = await request.get(`/api/safetyCertificateInfo/list?status=${status}&pageSize=1`, {
      headers: { token },
    });
    return (await res.json()).rows[0] as { queryCode: string; certNo: string };
  };
  const valid = await certOf('01');
  const ended = await certOf('04');
  /** What to do on a page before axe reads it: the searches show a result. */
  const pages: { path: string; name: string; act?: (page: Page) => Promise<void> }[] = [
    { path: `/cert/${valid.queryCode}`, name: 'cert-valid' },
    { path: `/cert/${ended.queryCode}`, name: 'cert-ended' },
    { path: '/cert/NoSuchCode123456', name: 'cert-unknown' },
    { path: '/web', name: 'web' },
    {
      path: '/web/certSearch',
      name: 'web-certSearch',
      act: async (page) => {
        await page.getByTestId('search-certno').fill(valid.certNo);
        await page.getByTestId('search-submit').click();
        await expect(page.getByTestId('search-result')).toBeVisible();
      },
    },
    { path: '/web/signSearch', name: 'web-signSearch' },
    { path: '/web/gradeSearch', name: 'web-gradeSearch' },
    { path: '/web/outSearch', name: 'web-outSearch' },
    { path: '/web/disclosure', name: 'web-disclosure' },
    { path: '/user/login', name: 'login' },
  ];
  const found: string[] = [];
  for (const lng of ['zh-CN', 'en-US'] as const) {
    for (const size of SIZES) {
      const context = await browser.newContext({ viewport: size });
      const page = await context.newPage();
      const quiet = quietFor(page);
      await useLanguage(page, lng);
      for (const [i, { path, name, act }] of pages.entries()) {
        // One load per context; the other pages open through the router (a load parses the whole client again).
        if (i === 0) await page.goto(path);
        else await navigate(page, path);
        await settled(page, quiet);
        if (act) await act(page);
        // The footer's QR code and links draw when they come into view.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await settled(page, quiet);
        const where = `${path} ${lng} ${size.width}px`;
        found.push(...(await analyze(page, where)));
        await page.screenshot({ path: `${SHOTS}/${lng}-${size.width}-${name}.png`, fullPage: true });
        const switches = page.getByTestId('lang-switch');
        for (let i = 0; i < (await switches.count()); i++) {
          const el = switches.nth(i);
          if (!(await el.isVisible())) continue;
          const shown = (await el.innerText()).trim();
          const named = (await el.getAttribute('aria-label')) ?? '';
          if (shown && !named.includes(shown))
            found.push(`${where} · language switch named "${named}" shows "${shown}"`);
        }
      }
      await context.close();
    }
  }
  expect(found, found.join('\n')).toEqual([]);
});

/**
 * Issue 47 items 2, 3 and 7: what the menu walk does not open — a queue with rows selected and the
 * bulk decision's dialog, an item's dialog with its case and the rules' "why", 考试报名 with sign-ups
 * selected — in Chinese and English. No serious or critical violation.
 */
test("a reviewer's queue work passes axe: rows selected, the bulk dialog, the case and its why", async ({
  browser,
}) => {
  test.setTimeout(10 * 60_000);
  const found: string[] = [];
  for (const lng of ['zh-CN', 'en-US'] as const) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const quiet = quietFor(page);
    await useLanguage(page, lng);
    await apiSignIn(page, 'gz_sl');

    await navigate(page, '/queue/delay/waitAccept');
    await settled(page, quiet);
    const rows = page.getByTestId('queue-table').locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    // The rows' own boxes (a table's hidden measuring row repeats the header's, inert).
    const boxes = rows.locator('.ant-checkbox-input');
    for (let i = 0; i < Math.min(2, await boxes.count()); i++) await boxes.nth(i).check();
    await expect(page.getByTestId('bulk-actions')).toBeVisible();
    found.push(...(await analyze(page, `${lng} queue, rows selected`)));
    await page.getByTestId('bulk-actions').getByRole('button').last().click();
    await expect(page.getByTestId('bulk-submit')).toBeVisible();
    found.push(...(await analyze(page, `${lng} queue, bulk dialog`)));
    // 取消 (the footer's first button) closes it without deciding anything.
    await page
      .locator('.ant-modal-footer')
      .filter({ has: page.getByTestId('bulk-submit') })
      .getByRole('button')
      .first()
      .click();
    await expect(page.getByTestId('bulk-submit')).toBeHidden();

    await page.getByTestId('queue-row-applyNo').first().click();
    await expect(page.getByTestId('application-view-close')).toBeVisible();
    await settled(page, quiet);
    found.push(...(await analyze(page, `${lng} queue, item dialog`)));
    await page.getByTestId('case-tab').click();
    await expect(page.getByTestId('case-why-item').first()).toBeVisible();
    await settled(page, quiet);
    found.push(...(await analyze(page, `${lng} queue, the case and its why`)));
    await page.getByTestId('application-view-close').click();

    await navigate(page, '/exam/examSign');
    await settled(page, quiet);
    const signBoxes = page.locator('tbody tr.ant-table-row .ant-checkbox-input:not([disabled])');
    if ((await signBoxes.count()) > 0) {
      await signBoxes.first().check();
      await expect(page.getByTestId('sign-accept-selected')).toBeVisible();
    }
    found.push(...(await analyze(page, `${lng} 考试报名, a sign-up selected`)));
    await context.close();
  }
  expect(found, found.join('\n')).toEqual([]);
});

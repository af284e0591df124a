/**
 * Exams in the browser (zh-CN): the Guangzhou centre has an exam batch open today; ent_gz signs an
 * employee up from 考试人员 (the sign-up rules answer in the modal), the centre accepts, ent_gz
 * downloads the admission ticket (a PDF rendered to PNG and read back: the name is on it), the
 * centre closes sign-up, records the exam as held, imports both parts from the page's Excel
 * template and publishes, and the enterprise's new-certificate application for that person then
 * passes the pre-check in step 0, is submitted and goes through: the person holds a C3 certificate.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, apiSignIn, navigate, uploadWizardMaterial, useLanguage } from './helpers';

const PAGE_LOAD = { timeout: 60_000 };
const hasPoppler = spawnSync('pdftoppm', ['-v']).error === undefined;

/** Today in China (the server's calendar), whatever the machine's zone. */
const chinaToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

async function token(request: APIRequestContext, user: string): Promise<string> {
  const res = await request.post('/api/login/login', { data: { username: user, password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function api<T>(
  request: APIRequestContext,
  tok: string,
  method: 'GET' | 'POST',
  url: string,
  data?: unknown,
): Promise<T> {
  const res =
    method === 'GET'
      ? await request.get(url, { headers: { token: tok } })
      : await request.post(url, { headers: { token: tok }, data });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

async function signedIn(browser: Browser, user: string): Promise<Page> {
  const page = await browser.newPage();
  await useLanguage(page, 'zh-CN');
  await apiSignIn(page, user);
  return page;
}

/** Picks an option of an antd Select opened by clicking `field`, by (part of) its title. */
async function choose(page: Page, field: string, option: string | RegExp) {
  await page.getByTestId(field).click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await (typeof option === 'string' ? dropdown.getByTitle(option, { exact: true }) : dropdown.getByTitle(option))
    .first()
    .click();
}

/** Clicks a link behind a confirmation and confirms. */
async function confirmed(page: Page, link: ReturnType<Page['getByTestId']>) {
  await link.click();
  await page.locator('.ant-popover:visible .ant-btn-primary').click();
}

test.describe.configure({ mode: 'serial' });

test('an enterprise signs a person up, the centre accepts, the ticket prints, results are published, and the new certificate goes through', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const today = chinaToday();
  const batchName = `E2E 专职安全生产管理人员（C3）考核 ${Date.now()}`;

  // The centre's batch for today (sign-up until today, the exam early today), opened.
  const centre = await token(request, 'gz_sl');
  const saved = await api<{ data: { id: number; version: number; batchNo: string } }>(
    request,
    centre,
    'POST',
    '/api/exam/batch/save',
    {
      name: batchName,
      category: 'C3',
      area: '1',
      place: '广州市天河区天寿路 32 号考点',
      capacity: 30,
      signupFrom: today,
      signupTo: today,
      knowledgeStart: `${today} 00:00`,
      knowledgeEnd: `${today} 00:20`,
      abilityStart: `${today} 00:30`,
      abilityEnd: `${today} 00:50`,
    },
  );
  await api(request, centre, 'POST', `/api/exam/batch/event/${saved.data.id}`, {
    type: 'OPEN',
    version: saved.data.version,
  });

  // An employee of ent_gz with no certificate and no exam yet, who meets the sign-up rules.
  const ent = await token(request, 'ent_gz');
  const people = await api<{ rows: { personId: number; name: string; signups: number; passedCategories: string[] }[] }>(
    request,
    ent,
    'GET',
    '/api/exam/person/list?pageSize=200',
  );
  let candidate: { personId: number; name: string } | null = null;
  for (const p of people.rows.filter((r) => r.signups === 0 && r.passedCategories.length === 0)) {
    if (people.rows.filter((r) => r.name === p.name).length > 1) continue;
    const certs = await api<{ total: number }>(
      request,
      ent,
      'GET',
      `/api/safetyCertificateInfo/list?personId=${p.personId}&pageSize=1`,
    );
    if (certs.total > 0) continue;
    const check = await api<{ code: number }>(
      request,
      ent,
      'GET',
      `/api/exam/sign/check?batchId=${saved.data.id}&personId=${p.personId}&position=08`,
    );
    const pre = await api<{ code: number }>(
      request,
      ent,
      'GET',
      `/api/applyCertification/checkDataByApplyId?businessType=newCert&personId=${p.personId}&category=C3&position=08`,
    );
    if (check.code === 0 && pre.code === 10) {
      candidate = p;
      break;
    }
  }
  expect(candidate, 'an employee of ent_gz who may sit the C3 exam').not.toBeNull();
  const name = candidate!.name;

  // 1. ent_gz signs the person up from 考试人员; the rules answer in the modal first.
  const enterprise = await signedIn(browser, 'ent_gz');
  await navigate(enterprise, '/exam/examPerson');
  await expect(enterprise.getByTestId('person-table')).toBeVisible(PAGE_LOAD);
  await enterprise.getByTestId('search-keyword').fill(name);
  await enterprise.getByTestId('search-keyword').press('Enter');
  const personRow = enterprise.locator('tr.ant-table-row').filter({ hasText: name });
  await expect(personRow).toHaveCount(1);
  await personRow.getByTestId('person-signup').click();
  await expect(enterprise.getByTestId('signup-submit')).toBeVisible();
  await choose(enterprise, 'signup-batch', new RegExp(batchName.replace(/[()（）]/g, '.')));
  await expect(enterprise.getByTestId('signup-check')).toContainText('符合报名条件');
  await enterprise.getByTestId('signup-submit').click();
  await expect(enterprise.getByTestId('signup-modal')).toHaveCount(0);

  // 2. The centre accepts it: a ticket number and seat.
  const staff = await signedIn(browser, 'gz_sl');
  await navigate(staff, `/exam/examSign?batchId=${saved.data.id}`);
  await expect(staff.getByTestId('sign-table')).toBeVisible(PAGE_LOAD);
  const signRow = staff.locator('tr.ant-table-row').filter({ hasText: name });
  await expect(signRow.getByTestId('signup-status')).toHaveText('待审核');
  await confirmed(staff, signRow.getByTestId('sign-accept'));
  await expect(signRow.getByTestId('signup-status')).toHaveText('审核通过');
  await expect(signRow).toContainText(saved.data.batchNo.replace(/\D/g, ''));

  // 3. ent_gz downloads the admission ticket: a PDF whose page shows the name.
  await navigate(enterprise, '/exam/examPrintPermit');
  await expect(enterprise.getByTestId('print-batch')).toBeVisible(PAGE_LOAD);
  await choose(enterprise, 'print-batch', new RegExp(batchName.replace(/[()（）]/g, '.')));
  const ticketRow = enterprise.locator('tr.ant-table-row').filter({ hasText: name });
  await expect(ticketRow).toHaveCount(1);
  const [download] = await Promise.all([
    enterprise.waitForEvent('download'),
    ticketRow.getByTestId('ticket-download').click(),
  ]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-e2e-ticket-'));
  const file = path.join(dir, 'ticket.pdf');
  await download.saveAs(file);
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  if (hasPoppler) {
    expect(execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8')).toContain(name);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', file, path.join(dir, 'ticket')]);
    const png = fs.readFileSync(path.join(dir, 'ticket.png'));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // A rendered A4 page with a table, a QR code and text is far from a blank image.
    expect(png.length).toBeGreaterThan(20_000);
  }

  // 4. The centre closes sign-up and records the exam as held (the exam day is today).
  await navigate(staff, '/exam/examBatch');
  await expect(staff.getByTestId('batch-table')).toBeVisible(PAGE_LOAD);
  await staff.getByTestId('search-keyword').fill(batchName);
  await staff.getByTestId('search-keyword').press('Enter');
  const batchRow = staff.locator('tr.ant-table-row').filter({ hasText: saved.data.batchNo });
  await expect(batchRow).toHaveCount(1);
  await confirmed(staff, batchRow.getByTestId('batch-CLOSE'));
  await expect(batchRow).toContainText('报名截止');
  await confirmed(staff, batchRow.getByTestId('batch-HOLD'));
  await expect(batchRow).toContainText('已考试');

  // 5. Both parts passed, imported from Excel; the results published.
  // The clerk fills the score template the page hands out (exceljs, as Excel would) and imports it.
  const signups = await api<{ rows: { id: number; name: string; ticketNo: string | null }[] }>(
    request,
    centre,
    'GET',
    `/api/exam/sign/list?batchId=${saved.data.id}&pageSize=50`,
  );
  const signup = signups.rows.find((r) => r.name === name)!;
  expect(signup.ticketNo).toBeTruthy();
  // The detail shows the ID number masked; the clerk reveals it (a logged click) to fill the sheet.
  const revealed = await api<{ data: { value: string } }>(request, centre, 'POST', '/api/personalData/idNo/reveal', {
    source: 'examSignup',
    id: signup.id,
  });
  await navigate(staff, '/exam/examImport');
  await expect(staff.getByTestId('import-card')).toBeVisible(PAGE_LOAD);
  const templateDownload = staff.waitForEvent('download');
  await staff.getByTestId('import-template').click();
  const template = path.join(dir, 'template.xlsx');
  await (await templateDownload).saveAs(template);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(template);
  const sheet = wb.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
    '姓名*',
    '证件号码*',
    '准考证号*',
    '安全生产知识*',
    '管理能力*',
    '考试情况*',
  ]);
  sheet.addRow([name, revealed.data.value, signup.ticketNo, '合格', '合格', '参考']);
  const filled = path.join(dir, '端到端成绩.xlsx');
  await wb.xlsx.writeFile(filled);
  await staff.getByTestId('import-file').locator('input[type=file]').setInputFiles(filled);
  await staff.getByTestId('import-start').click();
  await expect(staff.getByTestId('import-success')).toBeVisible(PAGE_LOAD);
  await expect(staff.getByTestId('import-written')).toHaveText('1');

  // The scores page shows the imported result; the centre publishes.
  await navigate(staff, '/exam/examScore');
  await expect(staff.getByTestId('score-batch')).toBeVisible(PAGE_LOAD);
  await choose(staff, 'score-batch', new RegExp(batchName.replace(/[()（）]/g, '.')));
  const scoreRow = staff.locator('tr.ant-table-row').filter({ hasText: name });
  await expect(scoreRow).toContainText('合格');
  await expect(staff.getByTestId('score-with-results')).toHaveText('1');
  await staff.getByTestId('score-publish').click();
  await staff.locator('.ant-popover:visible .ant-btn-primary').click();
  await expect(staff.getByTestId('score-batch-summary')).toContainText('成绩已发布');
  await expect(staff.getByTestId('score-publish')).toHaveCount(0);

  // 6. The enterprise's new certificate for the person passes the pre-check of step 0 …
  await navigate(enterprise, '/business/newCertificate');
  await expect(enterprise.getByTestId('business-table')).toBeVisible(PAGE_LOAD);
  await enterprise.getByTestId('business-apply').click();
  await enterprise.getByTestId('wizard-candidate-search').fill(name);
  await enterprise.getByTestId('wizard-candidate-search').press('Enter');
  const candidateRow = enterprise.getByTestId('wizard-candidate-row').filter({ hasText: name });
  await expect(candidateRow).toHaveCount(1);
  await candidateRow.click();
  await choose(enterprise, 'wizard-field-category', /C3/);
  await choose(enterprise, 'wizard-field-position', '专职安全生产管理人员');
  await expect(enterprise.getByTestId('wizard-precheck-ok')).toBeVisible();
  await expect(enterprise.getByTestId('wizard-precheck-error')).toHaveCount(0);

  // 7. … and goes through: submitted from the wizard with a material, then every step of the
  // Guangzhou centre agrees (through the API: the queues' pages are walked in workflow.spec.ts),
  // and the person holds a valid C3 certificate.
  await enterprise.getByTestId('wizard-step-next').click();
  await enterprise.getByTestId('wizard-remark').fill('考核合格，申请核发 C3 证书');
  await enterprise.getByTestId('wizard-step-next').click();
  await uploadWizardMaterial(enterprise, '考核合格证明.pdf');
  await enterprise.getByTestId('wizard-step-next').click();
  await expect(enterprise.getByTestId('wizard-summary')).toContainText(name);
  await enterprise.getByTestId('wizard-submit').click();
  await expect(enterprise.getByTestId('business-wizard')).toHaveCount(0);

  const applied = await api<{ rows: { id: number; personName?: string; name?: string; status: number }[] }>(
    request,
    ent,
    'GET',
    `/api/apply/newCert/list?keyword=${encodeURIComponent(name)}`,
  );
  expect(applied.rows).toHaveLength(1);
  const applicationId = applied.rows[0]!.id;
  let version = (await api<{ data: { version: number } }>(request, ent, 'GET', `/api/workflow/${applicationId}`)).data
    .version;
  for (const user of ['gz_sl', 'gz_cb', 'gz_cs', 'gz_sh', 'gz_sp', 'gz_bj']) {
    const tok = await token(request, user);
    const mine = await api<{ data: { version: number; allowedEvents: string[] } }>(
      request,
      tok,
      'GET',
      `/api/workflow/${applicationId}`,
    );
    if (!mine.data.allowedEvents.includes('AGREE')) continue;
    version = (
      await api<{ data: { version: number } }>(request, tok, 'POST', `/api/workflow/${applicationId}/events`, {
        type: 'AGREE',
        comment: '考核合格，材料齐全，同意',
        version: mine.data.version,
      })
    ).data.version;
  }
  const closed = await api<{ data: { status: number; outcome: string; version: number } }>(
    request,
    ent,
    'GET',
    `/api/workflow/${applicationId}`,
  );
  expect(closed.data).toMatchObject({ status: 8, outcome: 'approved', version });
  const issued = await api<{ rows: { category: string; status: string; certNo: string }[] }>(
    request,
    ent,
    'GET',
    `/api/safetyCertificateInfo/list?personId=${candidate!.personId}`,
  );
  expect(issued.rows).toEqual([expect.objectContaining({ category: 'C3', status: '01' })]);
  expect(issued.rows[0]!.certNo).toMatch(/^粤建安C3（\d{4}）\d{7}$/);

  await enterprise.close();
  await staff.close();
});

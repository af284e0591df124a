/**
 * The job monitor's routes (定时任务, system:job:*): only the system administrator steers the jobs;
 * each job shows its schedule, last and next run and failures; run now, pause and resume answer
 * with the job's state and refuse a repeat; runs and outbox records are listed, filtered and
 * exported. The auditor reads what the jobs did in the operation log.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiSuite } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import { chinaAt } from '../helpers/jobs.js';
import { readXlsx } from '../helpers/xlsx.js';
import { jobRun } from '../../server/db/schema.js';
import { addDays, chinaDate } from '../../server/lib/days.js';

let t: TestApp;
let today: string;
const api = apiSuite({
  users: ['admin', 'auditor', 'secadmin', 'gz_sl', 'province', 'ent_gz'],
  ready: (app) => {
    t = app;
    today = chinaDate(t.clock.now());
    t.clock.set(chinaAt(today, '10:00'));
  },
});

interface JobRowView {
  job: string;
  cron: string;
  paused: boolean;
  nextRunAt: string | null;
  lastRun: { id: number; ok: boolean | null; trigger: string; rows: number } | null;
  lastFailure: unknown;
  failuresRecent: number;
  canRun: boolean;
  canPause: boolean;
  canResume: boolean;
}
const jobs = async (user = 'admin') => {
  const res = await api.get(user, '/api/system/job/list?pageSize=50');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows as JobRowView[];
};
const jobOf = async (name: string) => (await jobs()).find((j) => j.job === name)!;

describe('permissions', () => {
  it('the system administrator reads and steers the jobs; nobody else does', async () => {
    const calls: [string, 'GET' | 'POST', string][] = [
      ['GET', 'GET', '/api/system/job/list'],
      ['GET', 'GET', '/api/system/job/status'],
      ['GET', 'GET', '/api/system/job/runs'],
      ['GET', 'GET', '/api/system/job/outbox/list'],
      ['RUN', 'POST', '/api/system/job/run/housekeeping'],
      ['PAUSE', 'POST', '/api/system/job/pause/housekeeping'],
      ['RESUME', 'POST', '/api/system/job/resume/housekeeping'],
    ];
    for (const user of ['auditor', 'secadmin', 'gz_sl', 'province', 'ent_gz']) {
      for (const [, method, url] of calls) {
        const res = await api.as(user, method, url);
        expect(res.statusCode, `${user} ${method} ${url}`).toBe(403);
      }
    }
    expect((await api.get('admin', '/api/system/job/list')).statusCode).toBe(200);
    const unknown = await api.post('admin', '/api/system/job/run/everything');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('job');
  });

  it('the menu gives the page and its buttons to the administrator only', async () => {
    const buttons = async (user: string) =>
      (await api.get(user, '/api/system/user/getLoginUser')).json().data.buttons as string[];
    const menu = async (user: string) => JSON.stringify((await api.get(user, '/api/menu/user/0')).json().data);
    expect(await buttons('admin')).toEqual(
      expect.arrayContaining([
        'system:job:list',
        'system:job:run',
        'system:job:pause',
        'system:job:resume',
        'system:job:export',
      ]),
    );
    expect(await menu('admin')).toContain('"JobList"');
    expect((await buttons('auditor')).filter((b) => b.startsWith('system:job:'))).toEqual([]);
    expect(await menu('auditor')).not.toContain('JobList');
  });
});

describe('the jobs', () => {
  it('lists every job with its cron in China time, no run yet, and the next run', async () => {
    const rows = await jobs();
    expect(rows.map((j) => j.job)).toEqual([
      'suspension',
      'certExpiry',
      'housekeeping',
      'delayReminder',
      'deadlineWarning',
      'nationalOutbox',
      'statistics',
    ]);
    const expiry = rows.find((j) => j.job === 'certExpiry')!;
    expect(expiry).toMatchObject({
      cron: '5 0 * * *',
      paused: false,
      lastRun: null,
      failuresRecent: 0,
      canRun: true,
      canPause: true,
      canResume: false,
    });
    // 10:00 today: the next 00:05 in China is tomorrow's.
    expect(expiry.nextRunAt).toBe(chinaAt(addDays(today, 1), '00:05').toISOString());
    expect(rows.find((j) => j.job === 'nationalOutbox')!.nextRunAt).toBe(chinaAt(today, '10:01').toISOString());
    const status = (await api.get('admin', '/api/system/job/status')).json().data;
    expect(status).toMatchObject({ engine: null, timezone: 'Asia/Shanghai', national: { configured: false } });
  });

  it('runs a job now (here in the request: no engine in the test app) and shows the run', async () => {
    const res = await api.post('admin', '/api/system/job/run/certExpiry');
    expect(res.statusCode, res.body).toBe(200);
    const { queued, runId } = res.json().data;
    expect(queued).toBe(false);
    const [run] = await t.database.db.select().from(jobRun).where(eq(jobRun.id, runId));
    expect(run).toMatchObject({ job: 'certExpiry', trigger: 'manual', ok: true });
    expect(run!.detail).toMatchObject({ by: 'admin' });
    expect((await jobOf('certExpiry')).lastRun).toMatchObject({ id: runId, ok: true, trigger: 'manual' });
    const runs = (await api.get('admin', '/api/system/job/runs?job=certExpiry&ok=true')).json();
    expect(runs.rows[0]).toMatchObject({ id: runId, job: 'certExpiry', running: false, ok: true });
    expect((await api.get('admin', '/api/system/job/runs?ok=false')).json().total).toBe(0);
    const badFilter = await api.get('admin', '/api/system/job/runs?ok=maybe');
    expect(badFilter.statusCode).toBe(400);
  });

  it('pauses and resumes, refusing a repeat; a paused job shows no next run and can still be run by hand', async () => {
    expect((await api.post('admin', '/api/system/job/pause/delayReminder')).statusCode).toBe(200);
    expect(await jobOf('delayReminder')).toMatchObject({
      paused: true,
      nextRunAt: null,
      canPause: false,
      canResume: true,
    });
    expect((await api.post('admin', '/api/system/job/pause/delayReminder')).statusCode).toBe(409);
    const manual = await api.post('admin', '/api/system/job/run/delayReminder');
    expect(manual.statusCode).toBe(200);
    expect(manual.json().data.runId).toBeGreaterThan(0);
    expect((await api.post('admin', '/api/system/job/resume/delayReminder')).statusCode).toBe(200);
    expect(await jobOf('delayReminder')).toMatchObject({ paused: false, canPause: true, canResume: false });
    expect((await api.post('admin', '/api/system/job/resume/delayReminder')).statusCode).toBe(409);
  });

  it('exports the runs and the outbox to Excel', async () => {
    const runs = await api.get('admin', '/api/system/job/runs/export?job=certExpiry');
    expect(runs.statusCode).toBe(200);
    const sheet = await readXlsx(runs.rawPayload);
    expect(sheet.headers).toEqual(
      expect.arrayContaining(['运行编号', '任务', '触发方式', '开始时间', '结果', '处理行数']),
    );
    expect(sheet.rows.length).toBeGreaterThan(0);
    expect(sheet.rows.every((r) => r[1] === '证书到期失效' && r[2] === '手动')).toBe(true);
    const outbox = await api.get('admin', '/api/system/job/outbox/export?state=pending');
    expect(outbox.statusCode).toBe(200);
    const { rows } = await readXlsx(outbox.rawPayload);
    const listed = (await api.get('admin', '/api/system/job/outbox/list?state=pending&pageSize=500')).json();
    expect(rows.length).toBe(listed.total);
    expect(listed.rows.every((r: { state: string; canRetry: boolean }) => r.state === 'pending' && !r.canRetry)).toBe(
      true,
    );
  });

  it("the auditor reads the runs in the operation log: by the system user, and the administrator's steering", async () => {
    const res = await api.get('auditor', '/api/system/operlog/list?operName=system&pageSize=50');
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as { title: string; operUrl: string; requestMethod: string }[];
    expect(
      rows.some((r) => r.title === '证书到期失效' && r.operUrl === 'job:certExpiry' && r.requestMethod === 'JOB'),
    ).toBe(true);
    const steering = (
      await api.get('auditor', '/api/system/operlog/list?operName=admin&title=定时任务&pageSize=50')
    ).json().rows as { action: string }[];
    expect(steering.map((r) => r.action)).toEqual(expect.arrayContaining(['run', 'pause', 'resume']));
  });
});

/**
 * Uploads and imports stay bounded (#46 item 4), through the HTTP route: the 0.6 MB workbook that
 * unpacks to 629 MB is refused with the limit named and nothing written; at most IMPORT_CONCURRENCY
 * imports run at once in a process, IMPORT_QUEUE more wait for a place, the rest (and those that
 * waited too long) get 503 with Retry-After and a message that says so. Time and memory:
 * `npm run bench:import`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSuite } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import {
  EDUCATION_HEADER,
  holdersInArea,
  importTables,
  multipart,
  xlsx,
  type CellInput,
  type Holder,
} from '../helpers/imports.js';
import { buildApp } from '../../server/app.js';
import { addDays, chinaDate } from '../../server/lib/days.js';
import { writeXlsxBomb } from '../../scripts/lib/xlsx-bomb.js';

let t: TestApp;
// One import at a time, one more may wait.
const api = apiSuite({
  users: ['gz_sl'],
  env: { IMPORT_CONCURRENCY: '1', IMPORT_QUEUE: '1', IMPORT_WAIT_MS: '60000' },
  ready: (app) => {
    t = app;
  },
});
const URL = '/api/exam/educationImport/importData';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-limits-api-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let holders: Holder[];
let today: string;
beforeAll(async () => {
  holders = await holdersInArea(t.database.db, '1', 6);
  today = chinaDate(t.clock.now());
});

/** A good file of `n` trainings, its own by `tag` (new rows each time). */
const goodFile = (tag: string, n = 60) =>
  xlsx([
    [...EDUCATION_HEADER],
    ...Array.from({ length: n }, (_, i): CellInput[] => {
      const h = holders[i % holders.length]!;
      return [
        h.name,
        h.idNo,
        h.certNo,
        `${tag}安全生产继续教育第${i + 1}讲`,
        2,
        addDays(today, -3 - i),
        addDays(today, -2 - i),
        '广东省建筑安全协会',
      ];
    }),
  ]);

describe('a zip bomb uploaded', () => {
  it('is refused with the limit named, and nothing is written', async () => {
    const file = path.join(dir, 'bomb.xlsx');
    const { bytes, unpacked } = await writeXlsxBomb(file, {
      headers: EDUCATION_HEADER,
      emptyRows: 0,
      padding: 629 * 1_048_576,
    });
    expect(bytes).toBeLessThan(1_048_576);
    expect(unpacked).toBeGreaterThan(600 * 1_048_576);
    const before = await importTables(t.database.db);
    const res = await t.call(await api.token('gz_sl'), {
      method: 'POST',
      url: URL,
      ...multipart(fs.readFileSync(file), 'bomb.xlsx'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 400,
      field: 'file',
      msg: '文件解压后过大：解压后共 630 MB，上限 160 MB，请拆分后分批导入',
    });
    expect(await importTables(t.database.db)).toEqual(before);
  });
});

describe('imports at once', () => {
  it('runs one, lets one wait for it, and tells the third to come back later', async () => {
    const token = await api.token('gz_sl');
    const files = await Promise.all(['甲', '乙', '丙'].map((tag) => goodFile(tag)));
    const answers = await Promise.all(
      files.map((f, i) => t.call(token, { method: 'POST', url: URL, ...multipart(f, `file${i}.xlsx`) })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 503]);
    const refused = answers.find((r) => r.statusCode === 503)!;
    expect(refused.json()).toEqual({
      code: 503,
      msg: '导入繁忙：同时最多进行 1 个导入（另有 1 个在排队），请稍后再试，未导入任何数据',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The two that ran wrote their rows, one after the other.
    for (const ok of answers.filter((r) => r.statusCode === 200))
      expect(ok.json().data).toMatchObject({ rows: 60, written: 60 });
    // The refused one can come back: now there is a place.
    const again = await t.call(token, {
      method: 'POST',
      url: URL,
      ...multipart(files[answers.indexOf(refused)]!, 'again.xlsx'),
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses one that waited longer than IMPORT_WAIT_MS', async () => {
    const impatient = await buildApp({
      config: { ...t.config, imports: { running: 1, waiting: 1, waitMs: 1 } },
      database: t.database,
      clock: t.clock,
      sms: t.sms,
      logger: false,
    });
    try {
      const token = await api.token('gz_sl');
      const files = await Promise.all(['丁', '戊'].map((tag) => goodFile(tag)));
      const answers = await Promise.all(
        files.map((f) =>
          impatient.inject({
            method: 'POST',
            url: URL,
            headers: { token, ...multipart(f).headers },
            payload: multipart(f).payload,
          }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 503]);
    } finally {
      await impatient.close();
    }
  });
});

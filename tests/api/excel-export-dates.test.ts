/**
 * Issue 45 item 4: every date and time column of every Excel export is a date cell with a number
 * format (yyyy-mm-dd, or yyyy-mm-dd hh:mm), so that Excel sorts and filters it as a date; identity
 * and certificate numbers stay text. Each export of the OpenAPI document is downloaded by whoever
 * may, and read back with a second reader (SheetJS), not the writer's own library.
 */
import XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { examBatch, examResult } from '../../server/db/schema.js';
import { chinaDate } from '../../server/lib/days.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['admin', 'province', 'gz_sl', 'gz_bj', 'ent_gz', 'auditor', 'secadmin'];

/** The query an export cannot go without (OpenAPI marks it required); the rest take none. */
const REQUIRED_QUERY: Record<string, string> = {};

apiSuite({
  ready: async (app) => {
    t = app;
    for (const u of USERS) tokens[u] = await t.login(u);
    const [scored] = await t.database.db
      .select({ id: examBatch.id, n: count() })
      .from(examBatch)
      .innerJoin(examResult, eq(examResult.batchNo, examBatch.batchNo))
      .groupBy(examBatch.id)
      .orderBy(desc(count()))
      .limit(1);
    REQUIRED_QUERY['/api/exam/score/export'] = `batchId=${scored!.id}`;
    REQUIRED_QUERY['/api/safetyCertificateInfo/print/export'] = 'queue=printDone';
    REQUIRED_QUERY['/api/system/calendar/export'] = `year=${chinaDate(t.clock.now()).slice(0, 4)}`;
  },
});

const TEXT_DATE = /^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}( \d{1,2}:\d{2}(:\d{2})?)?$/;
/** Headers of numbers that must stay text (no 4.40106E+17, no dropped leading zero). */
const NUMBER_AS_TEXT = /证件号码|身份证号|证书编号|证书号|统一社会信用代码|准考证号/;

interface ColumnReport {
  header: string;
  dateCells: number;
  formats: Set<string>;
  textDates: string[];
  kinds: Set<string>;
}

function columnsOf(buffer: Buffer): ColumnReport[] {
  const book = XLSX.read(buffer, { type: 'buffer', cellNF: true, cellDates: false });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1');
  const out: ColumnReport[] = [];
  for (let c = range.s.c; c <= range.e.c; c++) {
    const head = sheet[XLSX.utils.encode_cell({ r: 0, c })] as XLSX.CellObject | undefined;
    const report: ColumnReport = {
      header: String(head?.v ?? ''),
      dateCells: 0,
      formats: new Set(),
      textDates: [],
      kinds: new Set(),
    };
    for (let r = 1; r <= range.e.r; r++) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
      if (!cell || cell.v === '' || cell.v === undefined) continue;
      report.kinds.add(cell.t);
      if (cell.t === 's' && TEXT_DATE.test(String(cell.v))) report.textDates.push(String(cell.v));
      if (cell.t === 'n' && typeof cell.z === 'string' && /y/.test(cell.z)) {
        report.dateCells++;
        report.formats.add(cell.z);
      }
    }
    out.push(report);
  }
  return out;
}

describe('Excel exports', () => {
  it('write every date and time column as date cells with a number format, and numbers of people and certificates as text', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { produces?: string[]; responses?: Record<string, unknown> }>>;
    };
    const exports = Object.entries(doc.paths)
      .filter(([p, ops]) => /\/export(\/excel|Excel)?$/.test(p) && ops.get)
      .map(([p]) => p);
    expect(exports.length).toBeGreaterThan(25);
    const problems: string[] = [];
    const dateColumns: string[] = [];
    const unread: string[] = [];
    for (const p of exports) {
      let buffer: Buffer | null = null;
      for (const u of USERS) {
        const query = REQUIRED_QUERY[p];
        const res = await t.call(tokens[u]!, { url: `${p.replace(/\{[^}]+\}/g, '1')}${query ? `?${query}` : ''}` });
        if (res.statusCode === 200 && String(res.headers['content-type']).includes('spreadsheetml')) {
          buffer = res.rawPayload;
          if (columnsOf(buffer).some((c) => c.kinds.size > 0)) break;
        }
      }
      if (!buffer) {
        unread.push(p);
        continue;
      }
      for (const col of columnsOf(buffer)) {
        const where = `${p} ${col.header}`;
        if (col.textDates.length)
          problems.push(`${where}: dates written as text (${col.textDates.slice(0, 2).join(', ')})`);
        if (col.dateCells) {
          dateColumns.push(where);
          for (const f of col.formats)
            if (f !== 'yyyy-mm-dd' && f !== 'yyyy-mm-dd hh:mm') problems.push(`${where}: number format ${f}`);
        }
        if (NUMBER_AS_TEXT.test(col.header) && [...col.kinds].some((k) => k !== 's'))
          problems.push(`${where}: not text (${[...col.kinds].join()})`);
      }
    }
    console.log(
      `${exports.length} exports, ${dateColumns.length} date columns with data:\n  ${dateColumns.join('\n  ')}`,
    );
    expect(problems).toEqual([]);
    expect(unread).toEqual([]);
    expect(dateColumns.length).toBeGreaterThan(30);
  });
});

/**
 * Words in the user's language (issue #16): dictionary labels come in the interface language the
 * client names (Accept-Language), in all four; certificate lists label statuses that way too, while
 * the printed certificate and the Excel exports stay Chinese documents.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';

let t: TestApp;
let token: string;
apiSuite({
  ready: async (app) => {
    t = app;
    token = await t.login('province');
  },
});

const dict = async (type: string, lang?: string) =>
  (
    await t.call(token, {
      url: `/api/system/dict/data/type?dictType=${type}`,
      headers: lang ? { 'accept-language': lang } : {},
    })
  ).json().data as { dictLabel: string; dictValue: string; labels: Record<string, string> }[];

describe('dictionary labels', () => {
  it('come in the language asked for, and carry all four', async () => {
    const valid = (rows: Awaited<ReturnType<typeof dict>>) => rows.find((r) => r.dictValue === '01')!.dictLabel;
    expect(valid(await dict('cert_status'))).toBe('有效');
    expect(valid(await dict('cert_status', 'en-US,en;q=0.9'))).toBe('Valid');
    expect(valid(await dict('cert_status', 'pt-BR'))).toBe('Válido');
    expect(valid(await dict('cert_status', 'zh-TW'))).toBe('有效');
    const positions = await dict('ministerial_position', 'zh-TW');
    expect(positions.find((r) => r.dictValue === '03')!.dictLabel).toBe('分管安全生產的副總經理（副總裁）');
    expect(positions[0]!.labels).toEqual({
      'zh-CN': '法定代表人',
      'zh-TW': '法定代表人',
      'en-US': 'Legal representative',
      'pt-BR': 'Representante legal',
    });
  });

  it('every seeded value has its three translations', async () => {
    for (const type of [
      'work_status',
      'cer_type',
      'cert_status',
      'ministerial_position',
      'ministerial_title_rank',
      'ministerial_diploma',
      'apply_type',
      'no_agree_comment',
    ]) {
      for (const row of await dict(type, 'en-US')) {
        expect(row.labels['en-US'], `${type} ${row.dictValue}`).not.toBe(row.labels['zh-CN']);
        expect(row.labels['pt-BR'], `${type} ${row.dictValue}`).not.toBe(row.labels['zh-CN']);
      }
    }
  });
});

describe('certificate lists and documents', () => {
  it("label statuses in the page's language; the Excel export stays Chinese", async () => {
    const en = (
      await t.call(token, {
        url: '/api/safetyCertificateInfo/list?status=01&pageSize=1',
        headers: { 'accept-language': 'en-US' },
      })
    ).json();
    expect(en.rows[0].statusLabel).toBe('Valid');
    const exported = await t.call(token, {
      url: '/api/safetyCertificateInfo/export/excel?status=01',
      headers: { 'accept-language': 'en-US' },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const statusCol = header.findIndex((h) => h === '证书状态');
    expect(statusCol).toBeGreaterThan(0);
    expect(String(sheet.getRow(2).getCell(statusCol).value)).toBe('有效');
  });
});

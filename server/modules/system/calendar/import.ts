/**
 * A year's arrangement from Excel (the State Council's notice as a table): one row per day off or
 * weekend day worked. Every row is checked first; one bad row and nothing is written, the answer
 * lists each problem by row (ImportRowError[]).
 */
import { AppError, badRequest } from '../../../lib/errors.js';
import type { ImportColumn, ImportRowError, ParsedSheet } from '../../../lib/excel.js';
import { isCalendarDay, isWeekday, yearOf } from '../../../lib/days.js';
import type { DayInput } from './service.js';

export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  { header: '日期', key: 'day', required: true, example: '2027-01-01' },
  { header: '安排', key: 'kind', required: true, example: '放假' },
  { header: '名称', key: 'name', example: '元旦' },
  { header: '备注', key: 'remark', example: '' },
];

/** A year has at most 366 days. */
export const MAX_IMPORT_ROWS = 366;

const KINDS: Record<string, boolean> = { 放假: false, 休息: false, 休: false, 上班: true, 班: true, 补班: true };

/** 2027-1-1, 2027/01/01 and 2027.1.1 as 2027-01-01; anything else as it came. */
function normalDay(text: string): string {
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(text.trim());
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : text.trim();
}

/** The days of `year` the sheet lists, or a 400 naming every bad row. */
export function parseYearSheet(sheet: ParsedSheet, year: number): DayInput[] {
  if (sheet.missingHeaders.length)
    throw badRequest(`导入文件缺少列：${sheet.missingHeaders.join('、')}（请使用导入模板）`, 'file');
  if (sheet.rows.length === 0) throw badRequest('导入文件中没有数据', 'file');
  if (sheet.rows.length > MAX_IMPORT_ROWS)
    throw badRequest(`一次最多导入 ${MAX_IMPORT_ROWS} 行，文件中有 ${sheet.rows.length} 行`, 'file');
  const errors: ImportRowError[] = [];
  const days: DayInput[] = [];
  const seen = new Map<string, number>();
  for (const { rowNumber, values } of sheet.rows) {
    const bad = (field: string, msg: string) => errors.push({ rowNumber, field, msg });
    const before = errors.length;
    const day = normalDay(values.day ?? '');
    const kind = (values.kind ?? '').trim();
    const working = KINDS[kind];
    if (!day) bad('day', '日期不能为空');
    else if (!isCalendarDay(day)) bad('day', `日期「${values.day}」不是有效日期，格式 YYYY-MM-DD`);
    else if (yearOf(day) !== year) bad('day', `日期 ${day} 不在 ${year} 年`);
    else {
      const first = seen.get(day);
      if (first !== undefined) bad('day', `与第 ${first} 行的日期 ${day} 重复`);
      else seen.set(day, rowNumber);
    }
    if (!kind) bad('kind', '安排不能为空（放假或上班）');
    else if (working === undefined) bad('kind', `安排应为「放假」或「上班」，「${kind}」不是`);
    else if (working && isCalendarDay(day) && isWeekday(day))
      bad('kind', `${day} 是周一至周五，本来就上班，只需列出调休上班的周末`);
    const name = (values.name ?? '').trim();
    if (name.length > 20) bad('name', '名称不能超过20个字符');
    const remark = (values.remark ?? '').trim();
    if (remark.length > 200) bad('remark', '备注不能超过200个字符');
    if (errors.length === before)
      days.push({ day, working: working!, name: name || undefined, remark: remark || undefined });
  }
  if (errors.length) {
    const rows = new Set(errors.map((e) => e.rowNumber)).size;
    throw new AppError(400, `导入失败：${rows} 行有错误，未导入任何数据`, 'file', 400, errors);
  }
  if (!days.some((d) => !d.working && isWeekday(d.day))) {
    throw badRequest(
      `文件中没有 ${year} 年周一至周五的放假日期：请按国务院办公厅通知列出全年的放假和调休上班日期`,
      'file',
    );
  }
  return days;
}

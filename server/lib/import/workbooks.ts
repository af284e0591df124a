/**
 * The two workbooks an import hands out: the template (the columns, ready to fill: identity
 * numbers as text, drop-downs for coded columns, and an instructions sheet), and the report of a
 * refused file (one line per problem: row, column, reason).
 */
import type ExcelJS from 'exceljs';
import { excel } from '../excel.js';
import { INSTRUCTIONS_SHEET, type ImportColumn } from './sheet.js';

export interface RowIssue {
  /** The row's number in the sheet (1 is the header). */
  rowNumber: number;
  /** The column's title. */
  field: string;
  msg: string;
}

/** Rows the drop-downs and text formats reach (the row limit plus the header). */
const FORMATTED_ROWS = 100_001;

/** exceljs validates whole ranges (one sqref) but types only the per-cell form. */
interface RangeValidations {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}

const columnLetter = (n: number): string =>
  n <= 26 ? String.fromCharCode(64 + n) : columnLetter(Math.floor((n - 1) / 26)) + columnLetter(((n - 1) % 26) + 1);

export async function templateWorkbook(
  sheetName: string,
  columns: readonly ImportColumn[],
  notes: readonly string[],
): Promise<Buffer> {
  const workbook = new (await excel()).Workbook();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.required ? `${c.header}*` : c.header,
    key: c.key,
    width: c.width ?? Math.max(14, c.header.length * 2 + 6),
    ...(c.text ? { style: { numFmt: '@' } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F4FF' } };
  columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.note = `${c.required ? '必填。' : '选填。'}${c.hint}例：${c.example}`;
    if (c.choices) {
      const letter = columnLetter(i + 1);
      (sheet as unknown as RangeValidations).dataValidations.add(`${letter}2:${letter}${FORMATTED_ROWS}`, {
        type: 'list',
        allowBlank: !c.required,
        formulae: [`"${c.choices.join(',')}"`],
        showErrorMessage: true,
        errorTitle: c.header,
        error: `请填写：${c.choices.join('、')}`,
      });
    }
  });
  const help = workbook.addWorksheet(INSTRUCTIONS_SHEET);
  help.columns = [
    { header: '列名', key: 'header', width: 18 },
    { header: '是否必填', key: 'required', width: 10 },
    { header: '填写要求', key: 'hint', width: 70 },
    { header: '示例', key: 'example', width: 24 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of columns)
    help.addRow({ header: c.header, required: c.required ? '必填' : '选填', hint: c.hint, example: c.example });
  help.addRow({});
  for (const note of notes) help.addRow({ header: note });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function reportWorkbook(title: string, issues: readonly RowIssue[]): Promise<Buffer> {
  const workbook = new (await excel()).Workbook();
  const sheet = workbook.addWorksheet('错误报告');
  sheet.columns = [
    { header: '行号', key: 'rowNumber', width: 10 },
    { header: '列', key: 'field', width: 18 },
    { header: '问题', key: 'msg', width: 80 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const i of issues) sheet.addRow(i);
  sheet.addRow({});
  sheet.addRow({ rowNumber: title });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

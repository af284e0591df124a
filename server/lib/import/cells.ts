/**
 * Reading one cell of an import row into a value, or a reason the user can act on. Each reader
 * answers the value or a message; the caller names the row and the column.
 */
import { checkDocumentNumber, idNumberMessage } from '../../../machines/residentIdNumber.js';
import { clockNow } from '../clock.js';
import { addDays, chinaDate, isCalendarDay } from '../days.js';
import { hasControlChar, hasLoneSurrogate } from '../schemas.js';
import type { Cell } from './sheet.js';

export type Read<T> = { ok: true; value: T } | { ok: false; msg: string };

const good = <T>(value: T): Read<T> => ({ ok: true, value });
const bad = <T>(msg: string): Read<T> => ({ ok: false, msg });

/** Text of at most `max` characters; empty is refused when required. */
export function readText(cell: Cell, label: string, max: number, required = true): Read<string> {
  const text = cell.text.trim();
  if (!text) return required ? bad(`${label}不能为空`) : good('');
  if (text.length > max) return bad(`${label}不能超过${max}个字符`);
  if (hasControlChar(text) || hasLoneSurrogate(text)) return bad(`${label}含有换行或无效字符`);
  return good(text);
}

/** A person's name as compared with the register: blanks inside do not count (欧阳 娜娜 = 欧阳娜娜). */
export const sameName = (a: string, b: string) => a.replace(/\s+/g, '') === b.replace(/\s+/g, '');

/**
 * An identity number, upper-cased. A numeric cell is refused: Excel keeps 15 significant digits,
 * so an 18-digit number typed into a general cell has already lost its last digits. A number in
 * digits only is a resident identity number and checked as the routes check it
 * (machines/residentIdNumber.ts); one with letters is another document's.
 */
export function readIdNo(cell: Cell, label = '证件号码'): Read<string> {
  if (cell.number !== undefined)
    return bad(`${label}被 Excel 存成了数字（18 位号码的末几位已丢失），请把该列设为“文本”格式后重新填写`);
  const text = cell.text.replace(/\s+/g, '').toUpperCase();
  if (!text) return bad(`${label}不能为空`);
  if (text.length > 32 || !/^[0-9A-Z()（）-]+$/.test(text)) return bad(`${label}格式不正确`);
  const checked = checkDocumentNumber(text, chinaDate(clockNow()));
  return checked.ok ? good(checked.value) : bad(idNumberMessage(label, checked.fault));
}

/** An identifying code typed by users (准考证号, 证书号): blanks removed. */
export function readCode(cell: Cell, label: string, max: number): Read<string> {
  const text =
    cell.number !== undefined && Number.isInteger(cell.number) ? String(cell.number) : cell.text.replace(/\s+/g, '');
  if (!text) return bad(`${label}不能为空`);
  if (text.length > max) return bad(`${label}不能超过${max}个字符`);
  if (hasControlChar(text) || hasLoneSurrogate(text)) return bad(`${label}含有无效字符`);
  return good(text);
}

/** Day 0 of Excel's serial dates (its 1900 leap-year bug makes it 30 December 1899). */
const EXCEL_EPOCH = '1899-12-30';

/**
 * A day: a date cell, an Excel serial number left without a date format, or text as
 * 2025-03-01, 2025/3/1, 2025.3.1 or 2025年3月1日. The day is what the user wrote (China day).
 */
export function readDay(cell: Cell, label: string): Read<string> {
  if (cell.day) return good(cell.day);
  if (cell.number !== undefined) {
    if (Number.isInteger(cell.number) && cell.number > 0 && cell.number < 2_958_466) {
      const day = addDays(EXCEL_EPOCH, cell.number);
      if (day >= '1950-01-01' && day <= '2099-12-31') return good(day);
    }
    return bad(`${label}应为日期，格式 YYYY-MM-DD`);
  }
  const text = cell.text.trim();
  if (!text) return bad(`${label}不能为空`);
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(text);
  if (!m) return bad(`${label}“${text.slice(0, 20)}”不是有效日期，格式应为 YYYY-MM-DD`);
  const day = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  if (!isCalendarDay(day)) return bad(`${label}“${text}”不是有效日期`);
  return good(day);
}

/** A positive number up to `max` with at most `decimals` places (学时 7.5). */
export function readAmount(cell: Cell, label: string, max: number, decimals: number): Read<number> {
  const text = cell.number !== undefined ? String(cell.number) : cell.text.trim();
  if (!text) return bad(`${label}不能为空`);
  if (!/^\d+(\.\d+)?$/.test(text)) return bad(`${label}应为数字`);
  const value = Number(text);
  const places = text.includes('.') ? text.split('.')[1]!.replace(/0+$/, '').length : 0;
  if (places > decimals) return bad(`${label}最多保留${decimals}位小数`);
  if (!(value > 0)) return bad(`${label}应大于 0`);
  if (value > max) return bad(`${label}不能超过 ${max}`);
  return good(value);
}

/** One of a few allowed words or codes (参考 / 缺考 / 1 / 0), in the order the message lists them. */
export function readChoice<T extends string>(
  cell: Cell,
  label: string,
  choices: ReadonlyMap<string, T>,
  required = true,
): Read<T | null> {
  const text = cell.text.replace(/\s+/g, '');
  if (!text) return required ? bad(`${label}不能为空`) : good(null);
  const value = choices.get(text);
  if (value === undefined)
    return bad(`${label}“${text.slice(0, 20)}”不在允许范围内，应为 ${[...choices.keys()].join('、')}`);
  return good(value);
}

/** Each column's key → its header, the name a row issue gives the column. */
export const headersOf = (columns: readonly { key: string; header: string }[]): Record<string, string> =>
  Object.fromEntries(columns.map((c) => [c.key, c.header]));

/**
 * The issues of one row as its cells are read: `take` answers a cell's value, or records why it
 * was refused (under the column's header) and answers undefined, so every bad cell of the row is
 * reported at once.
 */
export function rowReader() {
  const issues: { field: string; msg: string }[] = [];
  const take = <T>(field: string, r: Read<T>): T | undefined => {
    if (r.ok) return r.value;
    issues.push({ field, msg: r.msg });
    return undefined;
  };
  return { issues, take };
}

/**
 * The zod primitives every route declares its input with, so that a malformed value is a 400
 * naming the field before it reaches the database: ids fit PostgreSQL's integer column (a larger
 * one used to fail there with a 500), days are real calendar days, text holds no control
 * characters or lone UTF-16 surrogates (PostgreSQL cannot store NUL, JSON and Excel cannot carry
 * a lone surrogate), and sort fields are identifiers, never a key every object inherits.
 * Each refusal message is Chinese and names the field (`label`).
 */
import { z } from 'zod';
import { checkCreditCode, creditCodeMessage } from '../../machines/creditCode.js';
import { checkDocumentNumber, checkIdNumber, idNumberMessage } from '../../machines/residentIdNumber.js';
import { clockNow } from './clock.js';
import { chinaDate, isCalendarDay } from './days.js';

/** The largest value of PostgreSQL's `integer` (serial ids, versions, counts). */
export const INT32_MAX = 2_147_483_647;

/** C0 control characters and DEL; a multi-line field may also hold tab, newline and carriage return. */
const CONTROL = /[\u0000-\u001F\u007F]/;
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasLoneSurrogate = (s: string): boolean => LONE_SURROGATE.test(s);
export const hasControlChar = (s: string, multiline = false): boolean =>
  (multiline ? CONTROL_MULTILINE : CONTROL).test(s);

/** Names no sort field may take: every object answers to them. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

interface IntMessages {
  /** When the value is absent (default: `${label}不能为空`). */
  missing?: string;
  /** Any other refusal (default: `${label}应为 min 到 max 之间的整数`). */
  invalid?: string;
}

/** A numeric string as a number; anything else as it came, for the number schema to judge. */
const numberFromString = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/**
 * An integer in [min, max], also from a string (path and query values always are strings). Only
 * strings are coerced: true, null or [7] stay what they are and are refused.
 */
export function intIn(label: string, min: number, max: number, messages: IntMessages = {}) {
  const invalid = messages.invalid ?? `${label}应为 ${min} 到 ${max} 之间的整数`;
  const missing = messages.missing ?? `${label}不能为空`;
  return z.preprocess(
    numberFromString,
    z
      .number({ error: (iss) => (iss.input === undefined ? missing : invalid) })
      .int({ error: invalid })
      .min(min, { error: invalid })
      .max(max, { error: invalid }),
  );
}

/** A row id: a positive PostgreSQL integer, 1..2147483647. */
export const id = (label = '编号', messages: IntMessages = {}) => intIn(label, 1, INT32_MAX, messages);

/** An id where 0 means "none" or "new" (a root parent, a record not yet saved). */
export const idOrZero = (label = '编号', messages: IntMessages = {}) => intIn(label, 0, INT32_MAX, messages);

/** A non-negative PostgreSQL integer (a version, a count). */
export const uint32 = (label: string, messages: IntMessages = {}) => intIn(label, 0, INT32_MAX, messages);

const splitList = (v: string | string[]) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean);

/** Ids of a remove call (SPEC 7 "params"): "1,2,3" or repeated ids=1&ids=2; 1 to `max` ids. */
export function idList(label = 'ids', max = 500) {
  const message = `参数 ${label} 应为以逗号分隔的正整数编号（1 到 ${max} 个）`;
  return z
    .union([z.string(), z.array(z.string())], { error: `参数 ${label} 不能为空` })
    .transform((v) => splitList(v).map((s) => (/^\d{1,10}$/.test(s) ? Number(s) : Number.NaN)))
    .refine(
      (a) => a.length > 0 && a.length <= max && a.every((n) => Number.isInteger(n) && n >= 1 && n <= INT32_MAX),
      message,
    );
}

/** A 'YYYY-MM-DD' that is a real calendar day (2026-02-30 and 9999-99-99 are not). */
export function day(label = '日期', message = `${label}应为有效日期，格式 YYYY-MM-DD`) {
  return z
    .string({ error: (iss) => (iss.input === undefined ? `${label}不能为空` : message) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isCalendarDay, message);
}

export interface TextOptions {
  /** Fewest characters after trimming (default 0). */
  min?: number;
  /** Tab and line breaks allowed (remarks, contents). */
  multiline?: boolean;
  /** When the value is absent or shorter than `min` (default: `${label}不能为空`). */
  missing?: string;
  /** When longer than `max` (default: `${label}不能超过{max}个字符`). */
  tooLong?: string;
}

/** Trimmed text of at most `max` characters, without control characters or lone surrogates. */
export function text(max: number, label = '内容', opts: TextOptions = {}) {
  const missing = opts.missing ?? `${label}不能为空`;
  const base = z.string({ error: (iss) => (iss.input === undefined ? missing : `${label}应为文本`) }).trim();
  const bounded = (opts.min ?? 0) > 0 ? base.min(opts.min!, missing) : base;
  return bounded
    .max(max, opts.tooLong ?? `${label}不能超过${max}个字符`)
    .refine(
      (s) => !hasControlChar(s, opts.multiline),
      opts.multiline ? `${label}不能包含控制字符` : `${label}不能包含换行或控制字符`,
    )
    .refine((s) => !hasLoneSurrogate(s), `${label}含有无效的字符（不成对的 UTF-16 代理项）`);
}

export const optionalText = (max: number, label = '内容', opts: Omit<TextOptions, 'min' | 'missing'> = {}) =>
  text(max, label, opts).optional();

/** A free-text search term of a list (matched with LIKE, wildcards escaped by the route). */
export const keyword = (label = '关键字', max = 100) => optionalText(max, label);

/** The column a list is sorted on: an identifier, never a key every object inherits. */
export const sortField = z
  .string()
  .max(64, '排序字段 sortField 不能超过 64 个字符')
  .regex(/^[A-Za-z_][A-Za-z0-9_.]*$/, '排序字段 sortField 应为字段名（字母、数字或下划线）')
  .refine((s) => !PROTOTYPE_KEYS.has(s), '排序字段 sortField 不合法');

/** The column of `allowed` a sort field names, only when `allowed` itself defines it (never toString). */
export function sortColumn<C>(allowed: Readonly<Record<string, C>>, field: string | undefined): C | undefined {
  return field !== undefined && Object.hasOwn(allowed, field) ? allowed[field] : undefined;
}

/** Route params of `/get/:id` and the like. */
export const idParams = z.object({ id: id('编号') });

/** `ids` of remove calls. */
export const idsQuery = z.object({ ids: idList('ids') });

/**
 * A resident identity number (machines/residentIdNumber.ts), upper-cased: 18 characters, a province
 * code, a real birth date not after today (China day, by the request's clock) and the check character.
 */
export function idNumber(label = '身份证号码') {
  return z
    .string({ error: (iss) => (iss.input === undefined ? `${label}不能为空` : `${label}应为文本`) })
    .transform((raw, ctx) => {
      const checked = checkIdNumber(raw, chinaDate(clockNow()));
      if (checked.ok) return checked.value;
      ctx.addIssue({
        code: 'custom',
        message: raw.trim() ? idNumberMessage(label, checked.fault) : `${label}不能为空`,
      });
      return z.NEVER;
    });
}

/** A unified social credit code (machines/creditCode.ts), upper-cased, with its GB 32100 check character. */
export function creditCode(label = '统一社会信用代码') {
  return z
    .string({ error: (iss) => (iss.input === undefined ? `${label}不能为空` : `${label}应为文本`) })
    .transform((raw, ctx) => {
      const checked = checkCreditCode(raw);
      if (checked.ok) return checked.value;
      ctx.addIssue({
        code: 'custom',
        message: raw.trim() ? creditCodeMessage(label, checked.fault) : `${label}不能为空`,
      });
      return z.NEVER;
    });
}

/** An optional query value: absent, or sent empty by a cleared form field. */
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/**
 * The number of any identity document (证件号码) of a look-up, upper-cased: at most `max` letters,
 * digits and brackets; one written only in digits is a resident identity number and checked as one.
 */
export function documentNumber(label = '证件号码', max = 32, missing = `${label}不能为空`) {
  return text(max, label, { min: 1, missing })
    .refine((s) => /^[0-9A-Za-z()（）-]+$/.test(s), `${label}只能包含字母、数字和括号`)
    .transform((raw, ctx) => {
      const checked = checkDocumentNumber(raw, chinaDate(clockNow()));
      if (checked.ok) return checked.value;
      ctx.addIssue({ code: 'custom', message: idNumberMessage(label, checked.fault) });
      return z.NEVER;
    });
}

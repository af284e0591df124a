/** The shared input primitives: what each accepts, what it refuses and the words of the refusal. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  day,
  hasControlChar,
  hasLoneSurrogate,
  id,
  idList,
  idOrZero,
  INT32_MAX,
  keyword,
  optionalText,
  sortColumn,
  sortField,
  text,
  uint32,
} from '../../server/lib/schemas.js';
import { pageQuery } from '../../server/lib/reply.js';
import { databaseRefusal } from '../../server/lib/db-errors.js';
import { firstBadString } from '../../server/plugins/input-guard.js';

const refusal = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`accepted ${JSON.stringify(value)}`);
  return result.error.issues[0]!.message;
};

describe('id', () => {
  it('takes 1 to 2147483647, from numbers and from the strings of paths and queries', () => {
    const schema = id('公告编号');
    expect(schema.parse(1)).toBe(1);
    expect(schema.parse('42')).toBe(42);
    expect(schema.parse(String(INT32_MAX))).toBe(INT32_MAX);
  });

  it.each([0, -1, 1.5, 2 ** 31, '2147483648', 'abc', 'NaN', '', ' ', '1e999', 2 ** 53, null, true, [7], { id: 1 }])(
    'refuses %j naming the field',
    (value) => {
      expect(refusal(id('公告编号'), value)).toBe('公告编号应为 1 到 2147483647 之间的整数');
    },
  );

  it('says the field is missing when it is', () => {
    expect(refusal(z.object({ noticeId: id('公告编号') }), {})).toBe('公告编号不能为空');
    expect(refusal(id('业务编号', { missing: '业务编号不能为空', invalid: '业务编号不正确' }), 'x')).toBe(
      '业务编号不正确',
    );
  });

  it('idOrZero also takes 0 (a new record, a root parent); uint32 counts from 0', () => {
    expect(idOrZero('上级菜单').parse('0')).toBe(0);
    expect(refusal(idOrZero('上级菜单'), 2 ** 31)).toMatch(/上级菜单/);
    expect(uint32('版本号').parse(0)).toBe(0);
    expect(refusal(uint32('版本号'), -1)).toMatch(/版本号/);
  });
});

describe('idList', () => {
  const schema = idList('ids');
  it('takes a comma list or repeated values', () => {
    expect(schema.parse('1, 2,3')).toEqual([1, 2, 3]);
    expect(schema.parse(['4', '5'])).toEqual([4, 5]);
  });

  it.each([
    '',
    ',',
    '1,2147483648',
    '1,-2',
    '1,abc',
    '1e3',
    '0',
    Array.from({ length: 501 }, (_, i) => String(i + 1)).join(','),
  ])('refuses %j', (value) => {
    expect(refusal(schema, value)).toBe('参数 ids 应为以逗号分隔的正整数编号（1 到 500 个）');
  });
});

describe('day', () => {
  it('takes real calendar days, leap days among them', () => {
    expect(day('出生日期').parse('2024-02-29')).toBe('2024-02-29');
    expect(day('出生日期').parse('2026-12-31')).toBe('2026-12-31');
  });

  it.each([
    '9999-99-99',
    '2026-02-30',
    '2025-02-29',
    '2025-13-01',
    '2025-00-10',
    '2025-1-1',
    '2025-01-01T00:00:00Z',
    '',
  ])('refuses %j naming the field', (value) => {
    expect(refusal(day('出生日期'), value)).toBe('出生日期应为有效日期，格式 YYYY-MM-DD');
  });

  it('refuses impossible beginTime and endTime of every list', () => {
    expect(pageQuery.safeParse({ beginTime: '2026-02-30' }).success).toBe(false);
    expect(pageQuery.safeParse({ endTime: '9999-99-99' }).success).toBe(false);
    expect(pageQuery.parse({ beginTime: '2024-02-29', endTime: '2024-03-01' })).toMatchObject({
      beginTime: '2024-02-29',
    });
    expect(refusal(pageQuery, { pageNum: String(2 ** 31) })).toBeTruthy();
  });
});

describe('text', () => {
  it('trims and keeps Chinese, emoji and other well-formed text', () => {
    expect(text(20, '公告标题').parse('  关于 2026 年度 😀 ')).toBe('关于 2026 年度 😀');
  });

  it('refuses NUL and other control characters, and line breaks in a single-line field', () => {
    expect(refusal(text(20, '公告标题'), 'a\u0000b')).toBe('公告标题不能包含换行或控制字符');
    expect(refusal(text(20, '公告标题'), 'a\u001bb')).toBe('公告标题不能包含换行或控制字符');
    expect(refusal(text(20, '公告标题'), 'a\nb')).toBe('公告标题不能包含换行或控制字符');
  });

  it('lets a multi-line field hold tab and line breaks, never NUL', () => {
    const content = text(100, '公告内容', { multiline: true });
    expect(content.parse('第一行\r\n\t第二行')).toBe('第一行\r\n\t第二行');
    expect(refusal(content, 'a\u0000b')).toBe('公告内容不能包含控制字符');
  });

  it('refuses lone surrogates but not pairs', () => {
    expect(refusal(text(20, '名称'), 'a\ud800')).toBe('名称含有无效的字符（不成对的 UTF-16 代理项）');
    expect(refusal(text(20, '名称'), '\udc00z')).toMatch(/名称含有无效的字符/);
    expect(text(20, '名称').parse('\ud83d\ude00')).toBe('😀');
  });

  it('refuses too long and, when required, empty text, and non-strings', () => {
    expect(refusal(text(5, '名称'), '123456')).toBe('名称不能超过5个字符');
    expect(refusal(text(5, '名称', { min: 1 }), '   ')).toBe('名称不能为空');
    expect(refusal(z.object({ name: text(5, '名称', { min: 1 }) }), {})).toBe('名称不能为空');
    expect(refusal(text(5, '名称'), 5)).toBe('名称应为文本');
    expect(refusal(text(5, '名称'), { a: 1 })).toBe('名称应为文本');
  });

  it('optionalText and keyword take absence and the empty filter', () => {
    expect(optionalText(10, '备注').parse(undefined)).toBeUndefined();
    expect(keyword().parse('')).toBe('');
    expect(refusal(keyword('关键字', 3), 'abcd')).toBe('关键字不能超过3个字符');
  });
});

describe('sortField', () => {
  it('takes identifiers', () => {
    expect(sortField.parse('createdAt')).toBe('createdAt');
    expect(sortField.parse('user_name')).toBe('user_name');
  });

  it.each(['__proto__', 'constructor', 'prototype', 'a b', 'name;drop', '1abc', '', 'x'.repeat(65)])(
    'refuses %j',
    (value) => {
      expect(refusal(sortField, value)).toMatch(/排序字段 sortField/);
    },
  );

  it('sortColumn finds only the columns a list itself allows, never inherited names', () => {
    const allowed = { createdAt: 'col' };
    expect(sortColumn(allowed, 'createdAt')).toBe('col');
    for (const name of ['toString', 'valueOf', 'hasOwnProperty', '__proto__', 'constructor'])
      expect(sortColumn(allowed, name)).toBeUndefined();
    expect(sortColumn(allowed, undefined)).toBeUndefined();
  });
});

describe('character checks', () => {
  it('tell control characters and lone surrogates apart from ordinary text', () => {
    expect(hasControlChar('ok\tok')).toBe(true);
    expect(hasControlChar('ok\tok', true)).toBe(false);
    expect(hasControlChar('ok\u0000', true)).toBe(true);
    expect(hasLoneSurrogate('\ud800')).toBe(true);
    expect(hasLoneSurrogate('\ud83d\ude00')).toBe(false);
    expect(hasLoneSurrogate('\ude00\ud83d')).toBe(true);
  });

  it('the input guard finds the path of the first bad string at any depth, keys included', () => {
    expect(firstBadString({ a: 'ok', b: [{ c: 'x\u0000' }] })).toBe('b.0.c');
    expect(firstBadString({ payload: { '\ud800': 1 } })).toBe('payload.\ud800');
    expect(firstBadString({ a: 'fine\nlines', n: 5, z: null })).toBeNull();
    let deep: unknown = 'x\udc00';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(firstBadString({ deep })).toMatch(/^deep(\.0)+$/);
  });
});

describe('database refusals', () => {
  const pgError = (code: string, extra: Record<string, string> = {}) => ({
    code,
    severity: 'ERROR',
    message: 'x',
    ...extra,
  });
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query'), { cause });

  it('answers 400 for values a column cannot take, also when drizzle wraps the error', () => {
    for (const code of ['22003', '22P02', '22021', '22008', '22007']) {
      expect(databaseRefusal(wrapped(pgError(code)))).toMatchObject({ status: 400 });
    }
  });

  it('answers 409 naming what exists for a unique violation', () => {
    expect(databaseRefusal(wrapped(pgError('23505', { constraint: 'sys_user_user_name_uq' })))).toEqual({
      status: 409,
      msg: '登录账号已存在',
    });
    expect(databaseRefusal(pgError('23505', { constraint: 'something_else' }))).toEqual({
      status: 409,
      msg: '记录已存在',
    });
  });

  it("leaves the server's own faults alone", () => {
    expect(databaseRefusal(new Error('boom'))).toBeNull();
    expect(databaseRefusal(wrapped(pgError('42P01')))).toBeNull();
    expect(databaseRefusal(Object.assign(new Error('x'), { code: 'EPIPE' }))).toBeNull();
  });
});

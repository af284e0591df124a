/**
 * The server's messages in four languages: every Chinese text the server's code can answer with
 * (scripts/lib/server-messages.ts) has its zh-TW, en-US and pt-BR words in server/lib/locales/, and an
 * answer's `msg` is read in the caller's language (server/lib/messages.ts), composed ones too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { literalsOf, placeholdersOf, serverMessages } from '../../scripts/lib/server-messages';
import { localizeAnswer, SERVER_LANGUAGES, translateMessage } from '../../server/lib/messages';
import { SIMPLIFIED_ONLY } from '../helpers/locales';

const root = path.resolve(import.meta.dirname, '../..');
const messages = serverMessages(root);
const catalogue = (lang: string) =>
  JSON.parse(fs.readFileSync(path.join(root, 'server/lib/locales', `${lang}.json`), 'utf8')) as Record<string, string>;
const CJK = /[\u3400-\u9fff]/;

describe('reading the messages from the code', () => {
  it('finds strings and templates, and skips comments, regular expressions and OpenAPI words', () => {
    const src = [
      "// '注释里的文字'",
      'const re = /[\'"`]/g; const x = a / b;',
      "throw badRequest(`第${row + 1}行：${label}不能为空`, 'file');",
      "schema.describe('接口说明'); const s = { summary: '摘要', msg: \"已保存\" };",
      'const nested = `外${`内${n}层`}完`;',
    ].join('\n');
    expect(literalsOf(src, 'x.ts').map((l) => l.text)).toEqual([
      '第{{0}}行：{{1}}不能为空',
      '接口说明',
      '摘要',
      '已保存',
      '内{{0}}层',
      '外{{0}}完',
    ]);
  });

  it('are the messages the server answers with', () => {
    for (const text of [
      '数据已被他人更新，请刷新后重试',
      '没有权限，请联系管理员授权',
      '参数 {{0}} {{1}}',
      '不能为空',
      '办理成功',
      '查询成功',
    ]) {
      expect(messages.has(text), text).toBe(true);
    }
    // Not messages: the OpenAPI description, Excel headers, the demo's data.
    expect(messages.has('按请求头 Accept-Language 的界面语言（zh-CN、zh-TW、en-US、pt-BR）')).toBe(false);
    expect(messages.size).toBeGreaterThan(1000);
  });
});

describe.each(SERVER_LANGUAGES)('the %s catalogue', (lang) => {
  const words = catalogue(lang);

  it("has exactly the code's messages (npm run i18n:server brings it in line)", () => {
    expect(
      Object.keys(words).filter((k) => !messages.has(k)),
      'entries for messages no longer in the code',
    ).toEqual([]);
    expect(
      [...messages.keys()].filter((k) => !(k in words)),
      'messages without an entry',
    ).toEqual([]);
  });

  it('translates every message, keeping its placeholders', () => {
    expect(
      Object.entries(words)
        .filter(([, v]) => !v.trim())
        .map(([k]) => k),
      'untranslated',
    ).toEqual([]);
    const broken = Object.entries(words).filter(([k, v]) => placeholdersOf(k).join() !== placeholdersOf(v).join());
    expect(broken).toEqual([]);
  });

  if (lang === 'zh-TW') {
    it('is written in traditional characters', () => {
      expect(Object.entries(words).filter(([, v]) => SIMPLIFIED_ONLY.test(v))).toEqual([]);
    });
  } else {
    it('has no Chinese left in it, but for words a file must contain that the message quotes', () => {
      // e.g. 性别须为 男、女 或 未知: the import reads those very words, so the translation keeps them.
      const leftover = Object.entries(words).filter(([k, v]) =>
        (v.match(/[\u3400-\u9fff]+/g) ?? []).some((word) => !k.includes(word)),
      );
      expect(leftover).toEqual([]);
    });
  }
});

describe("an answer in the caller's language", () => {
  it('is the Chinese as written for zh-CN', () => {
    expect(translateMessage('数据已被他人更新，请刷新后重试', 'zh-CN')).toBe('数据已被他人更新，请刷新后重试');
  });

  it('is looked up by its text, or by its template with the values put back', () => {
    const en = catalogue('en-US');
    expect(translateMessage('办理成功', 'en-US')).toBe(en['办理成功']);
    // A composed message: the field's name inside it is a message of its own and is translated too.
    const composed = translateMessage('参数 version 不能为空', 'en-US');
    expect(composed).toBe(en['参数 {{0}} {{1}}']!.replace('{{0}}', 'version').replace('{{1}}', en['不能为空']!));
    expect(CJK.test(composed)).toBe(false);
    // A value that is the user's own words stays as written.
    const named = translateMessage('证书号“粤A0000001”不存在', 'pt-BR');
    expect(named).toContain('粤A0000001');
    expect(named).not.toContain('不存在');
  });

  it('leaves a text the catalogue does not know as it is', () => {
    expect(translateMessage('张三的自定义说明', 'en-US')).toBe('张三的自定义说明');
  });

  it("translates msg, and on a failure each reported row's msg; data stays", () => {
    const body = { code: 400, msg: '办理成功', data: [{ rowNumber: 2, field: 'certNo', msg: '查询成功' }] };
    const en = catalogue('en-US');
    expect(localizeAnswer(body, 'en-US', true)).toEqual({
      code: 400,
      msg: en['办理成功'],
      data: [{ rowNumber: 2, field: 'certNo', msg: en['查询成功'] }],
    });
    expect(localizeAnswer(body, 'en-US', false).data).toEqual(body.data);
    expect(localizeAnswer(body, 'zh-CN', true)).toBe(body);
  });
});

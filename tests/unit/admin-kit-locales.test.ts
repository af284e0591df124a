/**
 * The admin kit's words (common, `admin.*`) and the data pages' (sysData) have the same keys, none
 * empty, with the same placeholders in all four languages; the simplified-Chinese words the pages
 * showed before the kit moved them stay exactly as they were.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LANGS = ['zh-CN', 'zh-TW', 'en-US', 'pt-BR'] as const;

function leaves(obj: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(out, leaves(v as Record<string, unknown>, key));
    else out[key] = String(v);
  }
  return out;
}
const load = (lng: string, ns: string) => leaves(JSON.parse(fs.readFileSync(path.resolve(`src/locales/${lng}/${ns}.json`), 'utf8')) as Record<string, unknown>);
const vars = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();

describe.each(['common', 'sysData'])('%s locales', (ns) => {
  const all = Object.fromEntries(LANGS.map((l) => [l, load(l, ns)]));
  it('have the same keys, none empty, with the same placeholders', () => {
    const base = all['zh-CN']!;
    for (const l of LANGS) {
      expect(Object.keys(all[l]!).sort(), l).toEqual(Object.keys(base).sort());
      for (const [k, v] of Object.entries(all[l]!)) {
        expect(v.trim(), `${l} ${k}`).not.toBe('');
        expect(vars(v), `${l} ${k}`).toEqual(vars(base[k]!));
      }
    }
  });
});

describe('the kit keeps the words the pages showed', () => {
  const kit = load('zh-CN', 'common');
  it.each([
    ['admin.removeConfirm', '确定删除该记录吗？'],
    ['admin.submitted', '已提交，等待安全管理员审核'],
    ['admin.review.notReviewer', '四眼原则：你不能审核此变更（审核人不能是提交人，也不能是被修改的用户本人）。'],
    ['admin.review.commentRequired', '驳回时请填写审核意见'],
    ['admin.checkStatus.0', '新增待审核'],
    ['admin.area.3', '省中心'],
    ['admin.tooLong', '{{field}}不能超过{{max}}个字符'],
  ])('%s is %s', (key, text) => {
    expect(kit[key]).toBe(text);
  });
  it('the dictionary data keep their own delete question', () => {
    expect(load('zh-CN', 'sysData')['dict.removeDataConfirm']).toBe('确定要删除吗？');
  });
});

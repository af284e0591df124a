/**
 * The simplified-Chinese words the pages showed before the admin kit moved them (common, `admin.*`)
 * stay exactly as they were (same keys, no empty text, same placeholders in the four languages:
 * locales-complete.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { loadLocale as load } from '../helpers/locales';

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

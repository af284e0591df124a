/** The reviewer's diff and the change detection of the four-eyes service. */
import { describe, expect, it } from 'vitest';
import { changedKeys, diffRecords, sameIds } from '../../server/modules/system/review/diff';

const LABELS = [
  ['name', '名称'],
  ['roles', '角色'],
  ['phone', '手机号码'],
] as const;

describe('diffRecords', () => {
  it('lists only the fields that differ, with before and after', () => {
    expect(
      diffRecords(LABELS, { name: '甲', roles: ['受理'], phone: '1' }, { name: '乙', roles: ['受理'], phone: '1' }),
    ).toEqual([{ field: 'name', label: '名称', before: '甲', after: '乙' }]);
  });

  it('shows a new record field by field and a deletion as everything gone', () => {
    expect(diffRecords(LABELS, null, { name: '甲', roles: ['受理', '承办'], phone: '' })).toEqual([
      { field: 'name', label: '名称', before: '', after: '甲' },
      { field: 'roles', label: '角色', before: '', after: '受理、承办' },
    ]);
    expect(diffRecords(LABELS, { name: '甲', roles: [], phone: '138' }, null)).toEqual([
      { field: 'name', label: '名称', before: '甲', after: '' },
      { field: 'phone', label: '手机号码', before: '138', after: '' },
    ]);
  });

  it('lists: what was removed stands before, what was added after, with the totals', () => {
    expect(diffRecords(LABELS, { roles: ['受理', '承办'] }, { roles: ['承办', '初审', '审核'] })).toEqual([
      { field: 'roles', label: '角色', before: '共2项；移除：受理', after: '共3项；新增：初审、审核' },
    ]);
    expect(diffRecords(LABELS, { roles: ['受理'] }, { roles: ['受理'] })).toEqual([]);
  });

  it('shortens very long lists', () => {
    const many = Array.from({ length: 40 }, (_, i) => `菜单${i}`);
    const [row] = diffRecords(LABELS, null, { roles: many });
    expect(row!.after.endsWith('等40项')).toBe(true);
  });
});

describe('changedKeys and sameIds', () => {
  it('compare id lists as sets and other values as they are', () => {
    expect(sameIds([3, 1, 2], [1, 2, 3])).toBe(true);
    expect(sameIds([1, 2], [1, 2, 3])).toBe(false);
    expect(changedKeys({ a: 1, ids: [1, 2], c: null }, { a: 1, ids: [2, 1], c: null })).toEqual([]);
    expect(changedKeys({ a: 1, ids: [1, 2], c: null as string | null }, { a: 2, ids: [1], c: 'x' })).toEqual([
      'a',
      'ids',
      'c',
    ]);
  });
});

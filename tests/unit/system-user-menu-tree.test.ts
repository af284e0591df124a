/** Ticking menu permissions in the role form: parents and children follow. */
import { describe, expect, it } from 'vitest';
import { allIds, indexTree, toggleMenu } from '@/pages/system/RoleList/menuTree';

// 1 系统管理 → 2 用户管理 → (3 新增, 4 删除); 1 → 5 角色管理; 6 首页
const tree = [
  {
    id: 1,
    children: [
      {
        id: 2,
        children: [
          { id: 3, children: [] },
          { id: 4, children: [] },
        ],
      },
      { id: 5, children: [] },
    ],
  },
  { id: 6, children: [] },
];
const index = indexTree(tree);

describe('toggleMenu', () => {
  it('ticking a button ticks its page and directory', () => {
    expect(toggleMenu(index, [], 3, true)).toEqual([1, 2, 3]);
  });
  it('ticking a page ticks its buttons', () => {
    expect(toggleMenu(index, [], 2, true)).toEqual([1, 2, 3, 4]);
  });
  it('unticking a page takes its buttons away but leaves the directory', () => {
    expect(toggleMenu(index, [1, 2, 3, 4, 5], 2, false)).toEqual([1, 5]);
  });
  it('unticking a button leaves the page alone', () => {
    expect(toggleMenu(index, [1, 2, 3, 4], 4, false)).toEqual([1, 2, 3]);
  });
  it('allIds lists every node', () => {
    expect(allIds(index)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

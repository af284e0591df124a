import { describe, expect, it } from 'vitest';
import {
  closeAll,
  closeLeft,
  closeRight,
  closeTab,
  EMPTY_TABS,
  visit,
  type TabState,
} from '@/components/MultiTab/tabs';
import zhCN from '@/locales/zh-CN/shell.json';

const three = (): TabState => ['/a', '/b', '/c'].reduce((s, k) => visit(s, { key: k, title: k }), EMPTY_TABS);

describe('multi-tab rules', () => {
  it('each visited route becomes one tab and is active', () => {
    let s = three();
    expect(s.tabs.map((t) => t.key)).toEqual(['/a', '/b', '/c']);
    s = visit(s, { key: '/a', title: 'A' });
    expect(s.tabs).toHaveLength(3);
    expect(s.activeKey).toBe('/a');
    expect(s.tabs[0].title).toBe('A');
  });
  it('the last tab cannot be closed', () => {
    const s = visit(EMPTY_TABS, { key: '/a', title: 'a' });
    const r = closeTab(s, '/a');
    expect(r.notice).toBe('lastTab');
    expect(r.state.tabs).toHaveLength(1);
  });
  it('closing the active tab activates the last remaining one', () => {
    const r = closeTab(three(), '/c');
    expect(r.state.tabs.map((t) => t.key)).toEqual(['/a', '/b']);
    expect(r.navigateTo).toBe('/b');
    const r2 = closeTab(three(), '/a');
    expect(r2.state.activeKey).toBe('/c');
    expect(r2.navigateTo).toBeUndefined();
  });
  it('close left / right with nothing there gives the notices', () => {
    expect(closeLeft(three(), '/a').notice).toBe('noLeft');
    expect(closeRight(three(), '/c').notice).toBe('noRight');
  });
  it('close left and close right', () => {
    expect(closeLeft(three(), '/b').state.tabs.map((t) => t.key)).toEqual(['/b', '/c']);
    const r = closeRight(three(), '/b');
    expect(r.state.tabs.map((t) => t.key)).toEqual(['/a', '/b']);
    expect(r.navigateTo).toBe('/b');
  });
  it('close all keeps the chosen tab', () => {
    const r = closeAll(three(), '/b');
    expect(r.state.tabs.map((t) => t.key)).toEqual(['/b']);
    expect(r.state.activeKey).toBe('/b');
    expect(r.navigateTo).toBe('/b');
  });
  it('messages are the SPEC texts', () => {
    expect(zhCN.tabs.lastTab).toBe('这是最后一个标签了, 无法被关闭');
    expect(zhCN.tabs.noLeft).toBe('左侧没有标签');
    expect(zhCN.tabs.noRight).toBe('右侧没有标签');
  });
});

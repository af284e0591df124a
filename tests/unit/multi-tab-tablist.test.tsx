// @vitest-environment jsdom
/**
 * The multi-tab bar's tablist is the list of tabs, not the whole bar: the bar also holds the
 * overflow "more" button, which is no tab (axe aria-required-children, critical, once tabs overflow).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims, useLanguage } from './login-setup';
import MultiTab from '@/components/MultiTab';

beforeAll(async () => {
  installDomShims();
  await useLanguage('zh-CN');
});
afterEach(() => cleanup());

describe('MultiTab', () => {
  it('puts role=tablist on the list that holds the tabs, and not on the bar with the more button', () => {
    render(
      <App>
        <MemoryRouter initialEntries={['/system/user']}>
          <MultiTab titleOf={() => '用户管理'} />
        </MemoryRouter>
      </App>,
    );
    const bar = screen.getByTestId('multi-tab');
    const tablists = bar.querySelectorAll('[role=tablist]');
    expect(tablists).toHaveLength(1);
    expect(tablists[0]!.classList.contains('ant-tabs-nav-list')).toBe(true);
    expect(tablists[0]!.getAttribute('aria-orientation')).toBe('horizontal');
    expect(tablists[0]!.querySelector('[role=tab]')).not.toBeNull();
    // The overflow button stays in the bar, outside the tablist.
    const more = bar.querySelector('.ant-tabs-nav-more');
    expect(more).not.toBeNull();
    expect(tablists[0]!.contains(more)).toBe(false);
  });
});

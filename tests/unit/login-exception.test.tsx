// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import Exception403 from '@/pages/exception/403';
import Exception404 from '@/pages/exception/404';
import Exception500 from '@/pages/exception/500';
import UnderConstruction from '@/pages/exception/UnderConstruction';
import type { RouteNode } from '@/app/routeBuilder';
import { resetUserStore, userStore } from '@/store/user';
import { installDomShims, useLanguage } from './login-setup';

const node = (path: string, title: string, component: string, children: RouteNode[] = []): RouteNode => ({
  path,
  name: path.split('/').pop() ?? '',
  title,
  component,
  hidden: false,
  hideChildrenInMenu: false,
  hiddenHeader: false,
  external: false,
  children,
});

function renderAt(element: ReactElement, path = '/somewhere') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard" element={<div data-testid="dashboard">dashboard</div>} />
        <Route path="*" element={element} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  installDomShims();
  await useLanguage('zh-CN');
});

afterEach(() => cleanup());

describe('exception pages (SPEC 2 error pages)', () => {
  it.each([
    ['403', <Exception403 />, '抱歉，你无权访问该页面'],
    ['404', <Exception404 />, '抱歉，你访问的页面不存在或仍在开发中'],
    ['500', <Exception500 />, '抱歉，服务器出错了'],
  ])('%s shows its text and 返回首页 goes to /dashboard', async (_code, element, text) => {
    renderAt(element);
    expect(screen.getByText(text)).toBeTruthy();
    const back = screen.getByTestId('back-home');
    expect(back.textContent?.replace(/\s+/g, '')).toBe('返回首页');
    await act(async () => {
      fireEvent.click(back);
    });
    expect(screen.getByTestId('dashboard')).toBeTruthy();
  });

  it('UnderConstruction shows the 404 text and the page name from its prop', () => {
    renderAt(<UnderConstruction name="考试成绩导入" />);
    expect(screen.getByText('抱歉，你访问的页面不存在或仍在开发中')).toBeTruthy();
    expect(screen.getByTestId('under-construction-name').textContent).toBe('页面：考试成绩导入');
    expect(screen.getByTestId('back-home')).toBeTruthy();
  });

  it('UnderConstruction names the menu title of the current route', () => {
    userStore.set({
      user: null,
      routes: [
        node('/print', '证书打印', 'RouteView', [
          node('/print/waitPrint', '待打印证书', 'print/WaitReviewCertificatePrinting'),
        ]),
      ],
    });
    try {
      renderAt(<UnderConstruction />, '/print/waitPrint');
      expect(screen.getByTestId('under-construction-name').textContent).toBe('页面：待打印证书');
      expect(screen.getByText('/print/waitPrint')).toBeTruthy();
    } finally {
      resetUserStore();
    }
  });

  it('UnderConstruction falls back to the current route', () => {
    renderAt(<UnderConstruction />, '/exam/ExamImport');
    expect(screen.getByTestId('under-construction-name').textContent).toBe('页面：/exam/ExamImport');
  });

  it('speaks the other languages too', async () => {
    await useLanguage('en-US');
    try {
      renderAt(<Exception404 />);
      expect(screen.getByText('Sorry, the page you visited does not exist or is still under development')).toBeTruthy();
      expect(screen.getByTestId('back-home').textContent).toBe('Back to home');
    } finally {
      await useLanguage('zh-CN');
    }
  });
});

// @vitest-environment jsdom
/** ExportButton and ImportButton: the export passes url/params, the import uploads field `file` and shows the count or the per-row error report. */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims, useLanguage } from './login-setup';

const api = vi.hoisted(() => ({ downloadFile: vi.fn(), post: vi.fn() }));
vi.mock('@/services/download', () => ({ downloadFile: api.downloadFile }));
vi.mock('@/services/request', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/services/request')>();
  return { ...actual, post: api.post };
});

import { ExportButton, ImportButton, importedCountOf, rowErrorsOf } from '@/components/ExcelButtons';

beforeAll(async () => {
  installDomShims();
  await useLanguage('zh-CN');
});
beforeEach(() => {
  api.downloadFile.mockReset();
  api.post.mockReset();
});
afterEach(() => cleanup());

const xlsx = () => new File(['PK'], '人员.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

async function openAndChoose() {
  fireEvent.click(screen.getByTestId('excel-import'));
  const input = (await screen.findByTestId('excel-file')).querySelector('input[type=file]') ?? document.querySelector('input[type=file]');
  await act(async () => {
    fireEvent.change(input!, { target: { files: [xlsx()] } });
  });
}

describe('ExportButton', { timeout: 30_000 }, () => {
  it('downloads the url with the search params, without paging and empty values', async () => {
    api.downloadFile.mockResolvedValue(undefined);
    render(
      <App>
        <ExportButton url="/system/config/export" params={{ configKey: 'sys', configName: '', current: 2, pageSize: 10 }} fileName="参数设置" />
      </App>,
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('excel-export'));
    });
    expect(api.downloadFile).toHaveBeenCalledWith('/system/config/export', { configKey: 'sys' }, '参数设置.xlsx');
  });

  it('shows the server message when the export fails', async () => {
    api.downloadFile.mockRejectedValue({ code: 403, msg: '没有权限，请联系管理员授权' });
    render(
      <App>
        <ExportButton url="/system/operlog/export" />
      </App>,
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('excel-export'));
    });
    expect(await screen.findByText('没有权限，请联系管理员授权')).toBeTruthy();
  });
});

describe('ImportButton', { timeout: 30_000 }, () => {
  it('downloads the template', async () => {
    api.downloadFile.mockResolvedValue(undefined);
    render(
      <App>
        <ImportButton templateUrl="/system/user/importTemplate" importUrl="/system/user/import" />
      </App>,
    );
    fireEvent.click(screen.getByTestId('excel-import'));
    await act(async () => {
      fireEvent.click(await screen.findByTestId('excel-template'));
    });
    expect(api.downloadFile).toHaveBeenCalledWith('/system/user/importTemplate', undefined, 'template.xlsx');
  });

  it('uploads the file as field `file` and shows the imported count', async () => {
    api.post.mockResolvedValue({ code: 0, msg: '导入成功', data: { count: 12 } });
    const onDone = vi.fn();
    render(
      <App>
        <ImportButton templateUrl="/t" importUrl="/system/user/import" onDone={onDone} />
      </App>,
    );
    await openAndChoose();
    await act(async () => {
      fireEvent.click(screen.getByTestId('excel-import-submit'));
    });
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    const [url, form] = api.post.mock.calls[0]!;
    expect(url).toBe('/system/user/import');
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get('file')).toBeInstanceOf(File);
    expect(((form as FormData).get('file') as File).name).toBe('人员.xlsx');
    expect((await screen.findByTestId('excel-import-ok')).textContent).toContain('12');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('shows the per-row error report of a 400 answer and does not call onDone', async () => {
    api.post.mockRejectedValue({
      code: 400,
      status: 400,
      msg: '导入数据有 2 行错误，未导入任何数据',
      data: [
        { rowNumber: 3, field: '证件号码', msg: '身份证号码校验位不正确' },
        { rowNumber: 5, field: '手机号码', msg: '手机号码应为 11 位' },
      ],
    });
    const onDone = vi.fn();
    render(
      <App>
        <ImportButton templateUrl="/t" importUrl="/system/user/import" onDone={onDone} />
      </App>,
    );
    await openAndChoose();
    await act(async () => {
      fireEvent.click(screen.getByTestId('excel-import-submit'));
    });
    const table = await screen.findByTestId('excel-import-rows');
    expect(table.textContent).toContain('身份证号码校验位不正确');
    expect(table.textContent).toContain('手机号码');
    expect(table.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(2);
    expect(screen.getByText('导入数据有 2 行错误，未导入任何数据')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('answer parsing', () => {
  it('reads row errors and counts', () => {
    expect(rowErrorsOf([{ rowNumber: 2, field: 'a', msg: 'b' }, { nope: 1 }])).toEqual([{ rowNumber: 2, field: 'a', msg: 'b' }]);
    expect(rowErrorsOf({ rowNumber: 2 })).toEqual([]);
    expect(importedCountOf(5)).toBe(5);
    expect(importedCountOf({ imported: 7 })).toBe(7);
    expect(importedCountOf(null)).toBeNull();
  });
});

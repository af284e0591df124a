// @vitest-environment jsdom
/** ExportButton and ImportButton: the export calls its generated operation with the search params, the import uploads field `file` and shows the count or the per-row error report. */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims, useLanguage } from './login-setup';

const api = vi.hoisted(() => ({ downloadFile: vi.fn(), exportCall: vi.fn(), template: vi.fn(), importCall: vi.fn() }));
vi.mock('@/services/download', () => ({ downloadFile: api.downloadFile }));

import { ExportButton, ImportButton, importedCountOf, rowErrorsOf } from '@/components/ExcelButtons';

beforeAll(async () => {
  installDomShims();
  await useLanguage('zh-CN');
});
beforeEach(() => {
  for (const f of Object.values(api)) f.mockReset();
});
afterEach(() => cleanup());

const xlsx = () =>
  new File(['PK'], '人员.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

async function openAndChoose() {
  fireEvent.click(screen.getByTestId('excel-import'));
  const input =
    (await screen.findByTestId('excel-file')).querySelector('input[type=file]') ??
    document.querySelector('input[type=file]');
  await act(async () => {
    fireEvent.change(input!, { target: { files: [xlsx()] } });
  });
}

describe('ExportButton', { timeout: 30_000 }, () => {
  it('downloads through the export operation with the search params, without paging and empty values', async () => {
    // The download helper runs the bound operation with its options.
    api.downloadFile.mockImplementation(async (call: (o: object) => Promise<Blob>) => {
      await call({ marker: 1 });
    });
    api.exportCall.mockResolvedValue(new Blob(['xlsx']));
    render(
      <App>
        <ExportButton
          exportCall={api.exportCall}
          params={{ configKey: 'sys', configName: '', current: 2, pageSize: 10 }}
          fileName="参数设置"
        />
      </App>,
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('excel-export'));
    });
    expect(api.downloadFile).toHaveBeenCalledWith(expect.any(Function), '参数设置.xlsx');
    expect(api.exportCall).toHaveBeenCalledWith({ configKey: 'sys' }, { marker: 1 });
  });

  it('shows the server message when the export fails', async () => {
    api.downloadFile.mockRejectedValue({ code: 403, msg: '没有权限，请联系管理员授权' });
    render(
      <App>
        <ExportButton exportCall={api.exportCall} />
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
        <ImportButton template={api.template} importCall={api.importCall} />
      </App>,
    );
    fireEvent.click(screen.getByTestId('excel-import'));
    await act(async () => {
      fireEvent.click(await screen.findByTestId('excel-template'));
    });
    expect(api.downloadFile).toHaveBeenCalledWith(api.template, 'template.xlsx');
  });

  it('uploads the file as field `file` and shows the imported count', async () => {
    api.importCall.mockResolvedValue({ code: 0, msg: '导入成功', data: { count: 12 } });
    const onDone = vi.fn();
    render(
      <App>
        <ImportButton template={api.template} importCall={api.importCall} onDone={onDone} />
      </App>,
    );
    await openAndChoose();
    await act(async () => {
      fireEvent.click(screen.getByTestId('excel-import-submit'));
    });
    await waitFor(() => expect(api.importCall).toHaveBeenCalledTimes(1));
    const [{ form }] = api.importCall.mock.calls[0]! as [{ form: FormData }];
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get('file')).toBeInstanceOf(File);
    expect(((form as FormData).get('file') as File).name).toBe('人员.xlsx');
    expect((await screen.findByTestId('excel-import-ok')).textContent).toContain('12');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('shows the per-row error report of a 400 answer and does not call onDone', async () => {
    api.importCall.mockRejectedValue({
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
        <ImportButton template={api.template} importCall={api.importCall} onDone={onDone} />
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
    expect(rowErrorsOf([{ rowNumber: 2, field: 'a', msg: 'b' }, { nope: 1 }])).toEqual([
      { rowNumber: 2, field: 'a', msg: 'b' },
    ]);
    expect(rowErrorsOf({ rowNumber: 2 })).toEqual([]);
    expect(importedCountOf(5)).toBe(5);
    expect(importedCountOf({ imported: 7 })).toBe(7);
    expect(importedCountOf(null)).toBeNull();
  });
});

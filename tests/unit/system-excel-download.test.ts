// @vitest-environment jsdom
/** downloadFile: a generated export operation GETs a blob through the one axios client (token header), the name comes from Content-Disposition filename*, JSON errors are read back from the blob. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http } from '@/services/request';
import { downloadFile, fileNameFromDisposition } from '@/services/download';
import { systemConfigExport, systemOperlogExport } from '@/services/generated/api';
import { clearToken, setToken } from '@/utils/storage';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 filename* over the ASCII fallback', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="____.xlsx"; filename*=UTF-8''%E5%8F%82%E6%95%B0%E8%AE%BE%E7%BD%AE.xlsx`,
      ),
    ).toBe('参数设置.xlsx');
    expect(fileNameFromDisposition('attachment; filename="report.xlsx"')).toBe('report.xlsx');
    expect(fileNameFromDisposition('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(fileNameFromDisposition(undefined)).toBeNull();
  });
});

describe('downloadFile', () => {
  const original = http.defaults.adapter;
  let seen: InternalAxiosRequestConfig | null = null;
  const saved: { name: string; size: number }[] = [];

  beforeEach(() => {
    seen = null;
    saved.length = 0;
    setToken('tok-123');
    URL.createObjectURL = vi.fn(() => 'blob:mock');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, size: 0 });
    });
  });
  afterEach(() => {
    http.defaults.adapter = original;
    clearToken();
    vi.restoreAllMocks();
  });

  const answer =
    (status: number, body: Blob, headers: Record<string, string>): AxiosAdapter =>
    async (config) => {
      seen = config;
      return { data: body, status, statusText: String(status), headers, config };
    };

  it('GETs the operation with the search params and the token header, and saves under the server name', async () => {
    http.defaults.adapter = answer(200, new Blob(['xlsx']), {
      'content-disposition': `attachment; filename="x.xlsx"; filename*=UTF-8''%E6%93%8D%E4%BD%9C%E6%97%A5%E5%BF%97.xlsx`,
    });
    await downloadFile((o) => systemOperlogExport({ title: '参数设置', status: '1' }, o), 'fallback.xlsx');
    expect(seen!.method).toBe('get');
    expect(seen!.url).toBe('/system/operlog/export');
    expect(seen!.params).toEqual({ title: '参数设置', status: '1' });
    expect(seen!.responseType).toBe('blob');
    expect(seen!.headers.get('token')).toBe('tok-123');
    expect(saved.map((s) => s.name)).toEqual(['操作日志.xlsx']);
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('falls back to the given name when the server sends none', async () => {
    http.defaults.adapter = answer(200, new Blob(['xlsx']), {});
    await downloadFile((o) => systemConfigExport(undefined, o), '参数设置.xlsx');
    expect(saved.map((s) => s.name)).toEqual(['参数设置.xlsx']);
  });

  it('rejects with the server message hidden in a JSON error blob, and saves nothing', async () => {
    const body = new Blob([JSON.stringify({ code: 403, msg: '没有权限，请联系管理员授权' })], {
      type: 'application/json',
    });
    http.defaults.adapter = answer(403, body, { 'content-type': 'application/json' });
    await expect(downloadFile((o) => systemOperlogExport(undefined, o))).rejects.toMatchObject({
      code: 403,
      status: 403,
      msg: '没有权限，请联系管理员授权',
    });
    expect(saved).toHaveLength(0);
  });
});

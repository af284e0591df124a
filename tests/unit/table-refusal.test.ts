// @vitest-environment jsdom
/**
 * A list the server refuses is not an empty list: tableRequest reports the refusal with the
 * server's reason (the layout opens the 403 page with it) and any other failure as a failure.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tableRequest } from '../../src/components/ProTableKit';
import { LIST_FAILURE_EVENT, REFUSAL_EVENT } from '../../src/app/refusal';

const ref = { current: null };
const listen = (name: string) => {
  const seen: string[] = [];
  const fn = (e: Event) => seen.push((e as CustomEvent<string>).detail);
  window.addEventListener(name, fn);
  return { seen, stop: () => window.removeEventListener(name, fn) };
};

afterEach(() => vi.restoreAllMocks());

describe('a list call that fails', () => {
  it('reports a 403 with its reason and shows no rows', async () => {
    const refusals = listen(REFUSAL_EVENT);
    const failures = listen(LIST_FAILURE_EVENT);
    const request = tableRequest(
      () => Promise.reject({ code: 403, status: 403, msg: '该业务不属于您所在中心的办理范围' }),
      ref,
    );
    await expect(request({ current: 1, pageSize: 10 })).resolves.toEqual({ data: [], total: 0, success: false });
    expect(refusals.seen).toEqual(['该业务不属于您所在中心的办理范围']);
    expect(failures.seen).toEqual([]);
    refusals.stop();
    failures.stop();
  });

  it('reports any other failure as a failure, and a 401 to nobody (the session modal speaks)', async () => {
    const refusals = listen(REFUSAL_EVENT);
    const failures = listen(LIST_FAILURE_EVENT);
    await tableRequest(() => Promise.reject({ code: 500, status: 500, msg: '服务器错误' }), ref)({ current: 1 });
    await tableRequest(() => Promise.reject({ code: 401, status: 401, msg: '授权过期' }), ref)({ current: 1 });
    expect(failures.seen).toEqual(['服务器错误']);
    expect(refusals.seen).toEqual([]);
    refusals.stop();
    failures.stop();
  });

  it('passes the rows of a good answer through', async () => {
    const ok = await tableRequest(
      () => Promise.resolve({ code: 0, rows: [{ id: 1 }], total: 1, pageNum: 1 }),
      ref,
    )({ current: 1 });
    expect(ok).toEqual({ data: [{ id: 1 }], total: 1, success: true });
  });
});

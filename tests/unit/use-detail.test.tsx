// @vitest-environment jsdom
/**
 * The drawers' detail: loaded for the id shown, reloaded when it changes, a late answer for an id
 * no longer shown dropped, and a failure as the server's words (or the fallback text).
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDetail } from '@/components/DetailDrawer/useDetail';

afterEach(cleanup);

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useDetail', () => {
  it('shows the answer for the id shown, not a late one for an earlier id', async () => {
    const answers = new Map([
      [1, deferred<{ data: string }>()],
      [2, deferred<{ data: string }>()],
    ]);
    const load = (id: number) => answers.get(id)!.promise;
    const { result, rerender } = renderHook(({ id }) => useDetail(id, load, '加载失败'), {
      initialProps: { id: 1 as number | null },
    });
    expect(result.current).toEqual({ detail: null, error: null });
    rerender({ id: 2 });
    await act(async () => answers.get(2)!.resolve({ data: 'second' }));
    await waitFor(() => expect(result.current.detail).toBe('second'));
    await act(async () => answers.get(1)!.resolve({ data: 'first' }));
    expect(result.current.detail).toBe('second');
    rerender({ id: null });
    expect(result.current).toEqual({ detail: null, error: null });
  });

  it('says why it failed: the fallback text when the error carries none', async () => {
    const failing = deferred<{ data: string }>();
    const { result } = renderHook(() => useDetail(7, () => failing.promise, '详情加载失败'));
    await act(async () => failing.reject(new Error('')));
    await waitFor(() => expect(result.current.error).toBe('详情加载失败'));
    expect(result.current.detail).toBeNull();
  });
});

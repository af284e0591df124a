// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_FLAG,
  ACCESS_TIME,
  ACCESS_TOKEN,
  clearToken,
  getToken,
  readSessionStamps,
  setAccessFlag,
  setToken,
  storage,
  STORAGE_PREFIX,
  TOKEN_LIFE_MS,
  touchAccessTime,
} from '@/utils/storage';

describe('pro__ storage with expiry', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('stores under the pro__ prefix', () => {
    storage.set('lang', 'zh-CN');
    expect(localStorage.getItem(`${STORAGE_PREFIX}lang`)).toContain('zh-CN');
    expect(storage.get('lang')).toBe('zh-CN');
  });
  it('values without a life never expire; with a life they expire', () => {
    storage.set('a', 1);
    storage.set('b', 2, 1000);
    vi.advanceTimersByTime(1001);
    expect(storage.get('a')).toBe(1);
    expect(storage.get('b', 'gone')).toBe('gone');
    expect(localStorage.getItem(`${STORAGE_PREFIX}b`)).toBeNull();
  });
  it('the token, access time and flag live 12 hours', () => {
    setToken('tok');
    expect(getToken()).toBe('tok');
    expect(storage.get(ACCESS_FLAG)).toBe(true);
    vi.advanceTimersByTime(TOKEN_LIFE_MS - 1);
    expect(getToken()).toBe('tok');
    vi.advanceTimersByTime(2);
    expect(getToken()).toBeNull();
    expect(storage.get(ACCESS_TIME)).toBeNull();
  });
  it('session stamps for RESTORE', () => {
    setToken('tok');
    const loginAt = Date.now();
    vi.advanceTimersByTime(60_000);
    touchAccessTime();
    const s = readSessionStamps();
    expect(s).toEqual({ token: 'tok', loginAt, lastActiveAt: loginAt + 60_000, activeFlag: true });
    setAccessFlag(false);
    expect(readSessionStamps().activeFlag).toBe(false);
  });
  it('clearToken removes everything of the session', () => {
    setToken('tok');
    clearToken();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_PREFIX + ACCESS_TOKEN)).toBeNull();
    expect(readSessionStamps().activeFlag).toBe(false);
  });
  it('a corrupt value reads as the fallback', () => {
    localStorage.setItem(`${STORAGE_PREFIX}x`, '{not json');
    expect(storage.get('x', 'fb')).toBe('fb');
  });
});

/**
 * Browser storage under the pro__ namespace (SPEC 3), with an optional life per value:
 * the token and the idle timestamp live 12 hours (SPEC 9).
 */
export const STORAGE_PREFIX = 'pro__';
export const ACCESS_TOKEN = 'Access-Token';
export const ACCESS_TIME = 'Access-Time';
export const ACCESS_FLAG = 'Access-Flag';
export const TOKEN_TO_CHANGE = 'Token-To-Change';
export const LANGUAGE = 'lang';
export const SETTINGS = 'settings';
export const TOKEN_LIFE_MS = 43_200_000;

interface Stored<T> {
  value: T;
  expire: number | null;
}

export const storage = {
  set<T>(key: string, value: T, lifeMs?: number): void {
    const item: Stored<T> = { value, expire: lifeMs ? Date.now() + lifeMs : null };
    localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(item));
  },
  get<T>(key: string, fallback: T | null = null): T | null {
    const raw = localStorage.getItem(STORAGE_PREFIX + key);
    if (raw === null) return fallback;
    try {
      const item = JSON.parse(raw) as Stored<T>;
      if (item.expire !== null && item.expire < Date.now()) {
        localStorage.removeItem(STORAGE_PREFIX + key);
        return fallback;
      }
      return item.value;
    } catch {
      return fallback;
    }
  },
  remove(key: string): void {
    localStorage.removeItem(STORAGE_PREFIX + key);
  },
};

export const getToken = (): string | null => storage.get<string>(ACCESS_TOKEN);
/** Login stores the token, the access time (idle check) and the access flag for 12 hours. */
export function setToken(token: string): void {
  storage.set(ACCESS_TOKEN, token, TOKEN_LIFE_MS);
  storage.set(ACCESS_TIME, Date.now(), TOKEN_LIFE_MS);
  storage.set(ACCESS_FLAG, true, TOKEN_LIFE_MS);
  storage.set(LOGIN_AT, Date.now(), TOKEN_LIFE_MS);
}
export function clearToken(): void {
  storage.remove(ACCESS_TOKEN);
  storage.remove(ACCESS_TIME);
  storage.remove(ACCESS_FLAG);
  storage.remove(TOKEN_TO_CHANGE);
  storage.remove(LOGIN_AT);
}

/** Login time (epoch ms), for the 12-hour absolute check on restore. */
export const LOGIN_AT = 'Login-At';
/** Records a click: the idle check reads this access time (12-hour life like the token). */
export function touchAccessTime(now: number = Date.now()): void {
  storage.set(ACCESS_TIME, now, TOKEN_LIFE_MS);
}
/** Sets the inactivity (access) flag; false marks the session as ended. */
export function setAccessFlag(active: boolean): void {
  storage.set(ACCESS_FLAG, active, TOKEN_LIFE_MS);
}
/** The stored session stamps for the session statechart's RESTORE event. */
export function readSessionStamps(now: number = Date.now()): {
  token: string | null;
  loginAt: number;
  lastActiveAt: number;
  activeFlag: boolean;
} {
  const token = getToken();
  const lastActiveAt = storage.get<number>(ACCESS_TIME) ?? 0;
  const loginAt = storage.get<number>(LOGIN_AT) ?? lastActiveAt ?? now;
  const activeFlag = storage.get<boolean>(ACCESS_FLAG) === true;
  return { token, loginAt, lastActiveAt, activeFlag };
}

/**
 * The preamble of an API suite: one fresh app per test file (see app.ts), callers by user name that
 * sign in on first use and keep the token, and the seeded rows' ids by the names people use.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sysDept, sysMenu, sysRole, sysUser } from '../../server/db/schema.js';
import { createTestApp, type TestApp } from './app.js';
import { recordRoutes, type DeclaredRoute } from './route-access.js';

export type Method = 'GET' | 'POST';

export interface SuiteOptions {
  /** Signed in before the first test, in this order (a sign-in writes a session and a login-log row). */
  users?: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** Filled with the routes the app registers, each with its declared access (route-access.ts). */
  routes?: DeclaredRoute[];
  /** Runs once the app is up, before the users sign in (keep the app, seed, look rows up). */
  ready?: (t: TestApp) => void | Promise<void>;
}

export interface Suite {
  /** Tokens by user name: those signed in so far (a test may replace one after signing in again). */
  tokens: Record<string, string>;
  token(user: string): Promise<string>;
  as(user: string, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  get(user: string, url: string): Promise<LightMyRequestResponse>;
  post(user: string, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

/** Starts the file's app before its tests and closes it after them; answers the callers. */
export function apiSuite(opts: SuiteOptions = {}): Suite {
  let app: TestApp | undefined;
  const current = (): TestApp => {
    if (!app) throw new Error('the test app starts in beforeAll');
    return app;
  };
  const tokens: Record<string, string> = {};
  const token = async (user: string) => (tokens[user] ??= await current().login(user));
  const as = async (user: string, method: Method, url: string, payload?: unknown) =>
    current().call(await token(user), {
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  beforeAll(async () => {
    const recorder = opts.routes ? recordRoutes() : null;
    try {
      app = await createTestApp(opts.env);
    } finally {
      recorder?.stop();
    }
    opts.routes?.push(...(recorder?.routes ?? []));
    await opts.ready?.(app);
    for (const user of opts.users ?? []) await token(user);
  });
  afterAll(async () => {
    await app?.close();
  });
  return {
    tokens,
    token,
    as,
    get: (user, url) => as(user, 'GET', url),
    post: (user, url, payload) => as(user, 'POST', url, payload),
  };
}

/** The seeded users by userName, roles by roleKey, departments by deptName and menus by menuKey (filled by `load`). */
export function namedRows() {
  const users = new Map<string, number>();
  const roles = new Map<string, number>();
  const depts = new Map<string, number>();
  const menus = new Map<string, number>();
  const load = async (t: TestApp) => {
    const db = t.database.db;
    for (const u of await db.select({ id: sysUser.userId, name: sysUser.userName }).from(sysUser))
      users.set(u.name, u.id);
    for (const r of await db.select({ id: sysRole.roleId, key: sysRole.roleKey }).from(sysRole)) roles.set(r.key, r.id);
    for (const d of await db.select({ id: sysDept.deptId, name: sysDept.deptName }).from(sysDept))
      depts.set(d.name, d.id);
    for (const m of await db.select({ id: sysMenu.menuId, key: sysMenu.menuKey }).from(sysMenu))
      if (m.key) menus.set(m.key, m.id);
  };
  return { users, roles, depts, menus, load };
}

/** Four eyes in the user and role suites: admin submits a new record, secadmin approves it. */
export function fourEyes(api: Pick<Suite, 'post'>, entity: 'user' | 'role') {
  /** Submits a new record as admin; answers the review id. */
  const submit = async (body: object): Promise<number> => {
    const res = await api.post('admin', `/api/system/${entity}/save`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.reviewId as number;
  };
  /** Approves a new record as secadmin. */
  const approveNew = async (reviewId: number, comment?: string): Promise<void> => {
    const ok = await api.post('secadmin', `/api/system/${entity}/new-check`, { reviewId, approved: true, comment });
    expect(ok.statusCode, ok.body).toBe(200);
  };
  return { submit, approveNew };
}

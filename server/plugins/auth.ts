/**
 * Auth as a hook: every route is private unless its config says `access.auth: 'public'`.
 * The token header is resolved to a user, then the route's permission string is checked.
 */
import type { FastifyInstance } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors.js';
import { resolveSession, resolveSessionWith } from '../modules/auth/session.service.js';
import { currentRequest, type DictionaryCache } from '../lib/requestScope.js';

export function registerAuth(app: FastifyInstance): void {
  // Per app, so two apps in one process (tests) never share what they read from their databases.
  const dictionaryCache: DictionaryCache = { version: -1, labels: new Map() };
  app.decorateRequest('user', null);
  app.decorateRequest('preloaded', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    const url = request.routeOptions.url;
    // Only the API is private; the OpenAPI description is for integrators before they sign in.
    if (!url || !url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const header = request.headers.token;
    const token = Array.isArray(header) ? header[0] : header;
    if (access?.auth === 'public') {
      // Public routes still know who is calling when a valid token comes along.
      if (token) request.user = await resolveSession(app.ctx, token).catch(() => null);
      return;
    }
    if (!token) throw unauthorized('请先登录');
    const preload = access?.preload?.(request.params) ?? null;
    const { user, preloaded, dictVersion } = await resolveSessionWith(app.ctx, token, preload);
    request.user = user;
    if (dictVersion !== undefined) currentRequest().dictionaries = { version: dictVersion, cache: dictionaryCache };
    if (preload) request.preloaded = { param: preload.param, row: preloaded };
    if ((user.mustChangePassword || user.passwordExpired) && !access?.allowWhilePasswordChange) {
      throw forbidden(user.mustChangePassword ? '首次登录请先修改初始密码' : '密码已过期，请先修改密码');
    }
    if (access?.perm && !user.permissions.has(access.perm)) {
      throw forbidden('没有权限，请联系管理员授权');
    }
  });
}


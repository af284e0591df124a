/**
 * What each route declares in `config.access`, read from the real app as it registers its routes.
 * Fastify announces every new instance on the 'fastify.initialization' diagnostics channel (the hook
 * APM tools use), so an onRoute hook can be added before buildApp registers anything, without a
 * change to the server.
 */
import dc from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../server/context.js';

export interface DeclaredRoute {
  method: string;
  /** Fastify's form, e.g. /api/workflow/:id */
  url: string;
  access: RouteAccess | undefined;
}

/** Starts recording the routes of the Fastify instances created from now on; `stop()` ends it. */
export function recordRoutes(): { routes: DeclaredRoute[]; stop(): void } {
  const routes: DeclaredRoute[] = [];
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        routes.push({
          method: String(method).toUpperCase(),
          url: route.url ?? route.path,
          access: route.config?.access,
        });
      }
    });
  };
  dc.subscribe('fastify.initialization', onInit);
  return { routes, stop: () => dc.unsubscribe('fastify.initialization', onInit) };
}

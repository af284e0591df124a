/**
 * Every answered request's duration in the app's metrics, labelled by the route's pattern
 * (`/api/workflow/:id/events`), never the URL: one series per route, whatever ids and queries come.
 * An import route (config.importKind) also counts the import by how it was answered, whichever
 * step refused it (sign-in, permission, the gate, the file, its rows).
 */
import type { FastifyInstance } from 'fastify';
import { importOutcomeOf, type AppMetrics, type ImportKind } from '../lib/metrics.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route imports an Excel file of this kind (counted in safecert_imports_total). */
    importKind?: ImportKind;
  }
}

export function registerRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    // elapsedTime: fastify's own measure, from the request's arrival to the answer's last byte (ms).
    metrics.request(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    const importKind = request.routeOptions.config?.importKind;
    if (importKind) metrics.importFinished(importKind, importOutcomeOf(reply.statusCode));
    done();
  });
}

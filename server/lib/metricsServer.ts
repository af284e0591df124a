/**
 * GET /metrics on a listener of its own (METRICS_PORT, on METRICS_HOST: loopback by default), never
 * on the API's port: the load balancer forwards the API's port to the public and this one to
 * nobody, and a firewall can open it to the monitoring host alone. Each request is also checked
 * against METRICS_ALLOW by the connection's own address: nothing proxies this port, so a
 * forwarded-for header is never believed here.
 *
 * Under WEB_CONCURRENCY the supervising process listens and asks every API process for its series
 * (prom-client's cluster aggregation: counters and histograms summed, pool gauges summed).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { AggregatorRegistry, type Registry } from 'prom-client';
import { addressMatcher } from './addressList.js';

/** Where the metrics are served (config.ts reads it from METRICS_PORT, METRICS_HOST, METRICS_ALLOW). */
export interface MetricsConfig {
  /** The metrics listener's port; null: no listener (METRICS_PORT=off). */
  port: number | null;
  /** The interface it listens on: loopback unless the scraper runs on another host. */
  host: string;
  /** Peers (addresses, CIDRs, `loopback`) answered; everyone else gets 403. */
  allow: string[];
}

export type Scrape = () => Promise<{ contentType: string; body: string }>;

/** Refused addresses logged, one line each per process: a misconfigured scraper asks every 15 s. */
const REFUSALS_LOGGED = 100;

export function buildMetricsServer(opts: {
  allow: readonly string[];
  scrape: Scrape;
  warn: (msg: string) => void;
}): FastifyInstance {
  const allowed = addressMatcher(opts.allow);
  const refusedSeen = new Set<string>();
  const app = Fastify({ logger: false });
  app.addHook('onRequest', (request, reply, done) => {
    const peer = request.socket.remoteAddress;
    if (allowed(peer)) return done();
    if (refusedSeen.size < REFUSALS_LOGGED && !refusedSeen.has(peer ?? '')) {
      refusedSeen.add(peer ?? '');
      opts.warn(`metrics: refused ${peer ?? 'an unknown peer'} (not in METRICS_ALLOW)`);
    }
    reply
      .code(403)
      .type('text/plain; charset=utf-8')
      .send(`${peer ?? 'this address'} is not in METRICS_ALLOW\n`);
  });
  app.get('/metrics', async (_request, reply) => {
    const { contentType, body } = await opts.scrape();
    return reply.type(contentType).send(body);
  });
  return app;
}

/**
 * Starts the listener; null when METRICS_PORT=off or the port cannot be had (logged: the API serves
 * all the same, and the scraper sees this target down).
 */
export async function startMetricsServer(
  config: MetricsConfig,
  scrape: Scrape,
  warn: (msg: string) => void,
): Promise<FastifyInstance | null> {
  if (config.port === null) return null;
  const server = buildMetricsServer({ allow: config.allow, scrape, warn });
  try {
    await server.listen({ port: config.port, host: config.host });
    return server;
  } catch (err) {
    warn(
      `metrics: cannot listen on ${config.host}:${config.port} (${err instanceof Error ? err.message : String(err)}); /metrics is not served (README "Metrics")`,
    );
    await server.close().catch(() => undefined);
    return null;
  }
}

/** In an API process under cluster: answer the supervisor's requests with this app's series. */
export function answerClusterScrapes(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // Its constructor adds the process's listener for the supervisor's requests (once per process).
  new AggregatorRegistry();
}

/** In the supervisor under cluster: every API process's series, added up. */
export function clusterScrape(): Scrape {
  const aggregator = new AggregatorRegistry();
  return async () => ({ contentType: aggregator.contentType, body: await aggregator.clusterMetrics() });
}

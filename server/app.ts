/**
 * Builds the HTTP application: external plugins first (security headers, docs, static files,
 * multipart, rate limits), then the app's own plugins (errors, auth, operation log) and the routes
 * of each module under /api.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { runWithClock, systemClock, type Clock } from './lib/clock.js';
import { BufferedLogStream } from './lib/logStream.js';
import { logSerializers, requestIdMixin, requestIdOf } from './lib/requestLog.js';
import { languageOf, runInRequest } from './lib/requestScope.js';
import { defaultPolicy, PolicyStore } from './services/policy.js';
import { frameworkErrors, registerErrorHandler } from './plugins/errors.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { finishDocument, registerOpenApiConventions } from './plugins/openapi-conventions.js';
import { registerAuth } from './plugins/auth.js';
import { registerOperationLog } from './plugins/oplog.js';
import { registerRateLimits } from './plugins/rate-limit.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerClientFiles } from './plugins/client-files.js';
import { registerRequestMetrics } from './plugins/request-metrics.js';
import { AppMetrics } from './lib/metrics.js';
import { registerAnswerLanguage } from './plugins/language.js';
import { HttpSmsSender, LogSmsSender, type SmsSender } from './modules/auth/sms-sender.js';
import { createSsoVerifier } from './modules/auth/sso.js';
import { apiRoutes } from './modules/registry.js';
import { registerBusinessTypes } from './modules/business/register.js';
import { jobEnvOf, startJobs, type EngineOptions } from './jobs/index.js';

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  clock?: Clock;
  sms?: SmsSender;
  logger?: boolean;
  /** Where the log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): unknown };
  /** Start the job engine in this process (server/main.ts); without it "run now" runs the job in the request. */
  jobEngine?: boolean | EngineOptions;
  /** Let the app answer while the job engine starts (server/main.ts); tests wait for it. */
  jobEngineInBackground?: boolean;
}

/** TRUST_PROXY as a hop count: the nearest `hops` proxies are believed, whoever they are. */
const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

export const smsOutboxFile = (config: AppConfig) => path.join(config.dataDir, 'sms-outbox.jsonl');

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  // The root logger (app.log): its lines get the request's id from the mixin; request.log's carry it already.
  let rootLogger: unknown = null;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: process.env.LOG_LEVEL ?? 'info',
            stream: opts.logStream ?? new BufferedLogStream(),
            serializers: logSerializers,
            mixin: requestIdMixin((logger) => logger !== rootLogger),
          },
    genReqId: requestIdOf,
    // Only these peers may say who the client is (X-Forwarded-For) and how it came (X-Forwarded-Proto).
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    bodyLimit: 1_048_576,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  rootLogger = app.log;

  const clock = opts.clock ?? systemClock;
  const sms =
    opts.sms ??
    (config.sms.provider === 'http' && config.sms.gatewayUrl
      ? new HttpSmsSender(config.sms.gatewayUrl)
      : new LogSmsSender(smsOutboxFile(config), (line) => app.log.info(line), clock));
  const metrics = new AppMetrics();
  metrics.watchDatabase(database);
  const base = {
    config,
    database,
    db: database.db,
    clock,
    policy: new PolicyStore(database.db, defaultPolicy(config)),
    sms,
    sso: await createSsoVerifier(config),
    metrics,
  };
  registerBusinessTypes();
  const jobLog = { info: (msg: string) => app.log.info(msg), warn: (msg: string) => app.log.warn(msg) };
  const ctx: AppContext = {
    ...base,
    jobs: await startJobs(jobEnvOf(base, jobLog), opts.jobEngine ?? false, opts.jobEngineInBackground),
  };
  app.decorate('ctx', ctx);
  metrics.watchPoolCounts('jobs', () => ctx.jobs.poolCounts());
  // The engine stops before the database closes (main.ts and the tests close the app first).
  app.addHook('onClose', async () => ctx.jobs.stop());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerSecurityHeaders(app, config);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'SafeCert API',
        description:
          '广东省建设工程安全生产管理人员考核管理平台接口。除标注为公开的接口外，均需在请求头 token 中携带登录令牌。响应格式 {code, msg, data}，列表 {code, rows, total, pageNum}；code 0 表示成功。msg 以请求头 Accept-Language 所指的语言（zh-CN、zh-TW、en-US、pt-BR）给出，未指定时为中文。',
        version: '0.1.0',
        license: { name: '广东省住房和城乡建设厅内部使用（非开源）', url: 'https://zfcxjst.gd.gov.cn/' },
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
    // Named zod schemas (.meta({ id })) become components, so recursive trees resolve by $ref.
    transformObject: (document) => finishDocument(jsonSchemaTransformObject(document)),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  // Uploads (materials, imports): the hard ceiling here; each route checks its own type and size rules.
  await app.register(fastifyMultipart, { limits: { fileSize: 50 * 1024 * 1024, files: 10, fields: 20 } });
  // Before the routes: it attaches its limits as routes are added.
  await registerRateLimits(app);

  // Every request (and the database writes it makes) reads the time from the app's clock.
  app.addHook('onRequest', (request, reply, done) => {
    // The caller can quote it; the log lines of this request carry it.
    reply.header('x-request-id', request.id);
    runWithClock(ctx.clock, () =>
      runInRequest(
        {
          reqId: request.id,
          route: `${request.method} ${request.routeOptions.url ?? request.url}`,
          ip: request.ip,
          lang: languageOf(request.headers['accept-language']),
        },
        done,
      ),
    );
  });
  registerRequestMetrics(app, metrics);
  registerErrorHandler(app);
  // Before the answer's language: the log keeps a refusal's message as written.
  registerOperationLog(app);
  registerAnswerLanguage(app);
  registerOpenApiConventions(app);
  registerInputGuard(app);
  registerAuth(app);

  await app.register(
    // biome-ignore lint/nursery/noMisusedPromises: fastify awaits an async plugin (its type allows a promise)
    async (api) => {
      for (const routes of apiRoutes) {
        await api.register(routes);
      }
    },
    { prefix: '/api' },
  );

  await registerClientFiles(app, config.clientDir);

  return app;
}

/**
 * "The same SQL run directly": each scenario's request is served once by the route's own service
 * functions on a drizzle instance that records every statement (text and parameters); the benchmark
 * then runs those statements straight through node-postgres, without HTTP, auth, validation or
 * JSON, and compares.
 */
import { createHash } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from '../../server/db/schema.js';
import type { Db } from '../../server/db/client.js';
import type { AuthUser } from '../../server/lib/authUser.js';
import { runInRequest } from '../../server/lib/requestScope.js';
import { chinaDate } from '../../server/lib/days.js';
import { loadLabels } from '../../server/modules/certificate/labels.js';
import { listCertificates } from '../../server/modules/certificate/query.js';
import { certificateListQuery } from '../../server/modules/certificate/schemas.js';
import { checkData, listChecks } from '../../server/modules/search/checks.js';
import { loadDistrictNames } from '../../server/modules/search/districts.js';
import { listEnterprises } from '../../server/modules/search/enterprise.js';
import {
  checkDataQuery,
  checkListQuery,
  enterpriseListQuery,
  staffListQuery,
  workListQuery,
} from '../../server/modules/search/schemas.js';
import { listStaff } from '../../server/modules/search/staff.js';
import { listWork } from '../../server/modules/search/work.js';
import { afootStatistics, certStatistics, completedStatistics } from '../../server/modules/statistics/figures.js';
import { afootQuery, certsQuery, completedQuery } from '../../server/modules/statistics/schemas.js';
import { workbenchOf } from '../../server/modules/workbench/service.js';
import { provinceOverview } from '../../server/modules/analysis/overview.js';

export interface Statement {
  text: string;
  params: unknown[];
  /** The name the server prepares it under (client.ts keepingItsPlan, preparedOnMain): planned once per connection. */
  name?: string;
}

/**
 * A drizzle instance over the pool that, while `recording` is on, keeps every statement it sends,
 * as the pool's query call sees it: text, values and the name the server prepares it under.
 */
export function recordingDb(pool: pg.Pool) {
  const recorded: Statement[] = [];
  let recording = false;
  const sending = new Proxy(pool, {
    get(target, prop) {
      if (prop === 'query') {
        return (config: pg.QueryConfig, values?: unknown[]) => {
          if (recording)
            recorded.push({
              text: config.text,
              params: values ?? config.values ?? [],
              ...(config.name ? { name: config.name } : {}),
            });
          return (target.query as (c: pg.QueryConfig, v?: unknown[]) => unknown)(config, values);
        };
      }
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const db = drizzle(sending, { schema }) as unknown as Db;
  return {
    db,
    async record(fn: () => Promise<unknown>): Promise<Statement[]> {
      recorded.length = 0;
      recording = true;
      try {
        await fn();
      } finally {
        recording = false;
      }
      return recorded.splice(0);
    },
  };
}

const params = (query: string) => Object.fromEntries(new URLSearchParams(query));

/**
 * The dictionaries a serving server keeps between requests (labels, district names: kept per
 * dictionaries' version, requestScope.ts): kept here too, so the recorded statements are the ones
 * a serving server sends. The benchmark changes no dictionary.
 */
const dictionaries = { version: 0, cache: { version: 0, kept: new Map<string, unknown>() } };

/**
 * A statement as the server sends it: under the name the server prepared it (a plan kept per
 * connection), and one with no parameter (values of the server's own written into its text) named
 * too, so PostgreSQL plans it once per connection; the
 * others unnamed, planned for their values on every call as the server's reads are.
 */
export const asSent = (s: Statement): pg.QueryConfig =>
  s.name
    ? { name: s.name, text: s.text, values: s.params }
    : s.params.length
      ? { text: s.text, values: s.params }
      : { name: `bench_${createHash('sha1').update(s.text).digest('hex').slice(0, 24)}`, text: s.text };

/** Serves one request of a scenario through the route's service functions. */
export function serve(db: Db, user: AuthUser, path: string, query: string, now: Date): Promise<void> {
  return runInRequest({ route: `GET ${path}`, ip: '', lang: 'zh-CN', dictionaries }, () =>
    served(db, user, path, query, now),
  );
}

async function served(db: Db, user: AuthUser, path: string, query: string, now: Date): Promise<void> {
  const q = params(query);
  switch (path) {
    case '/safetyCertificateInfo/list':
      await listCertificates(db, user, certificateListQuery.parse(q), await loadLabels(db));
      return;
    case '/search/enterprise/list':
      await listEnterprises(db, user, enterpriseListQuery.parse(q), await loadDistrictNames(db), chinaDate(now));
      return;
    case '/search/staff/list':
      await listStaff(db, user, staffListQuery.parse(q));
      return;
    case '/search/work/list':
    case '/search/apply/list':
      await listWork(db, user, workListQuery.parse(q), now);
      return;
    case '/search/certCheck/list':
      await listChecks(db, user, checkListQuery.parse(q));
      return;
    case '/system/sysCheckRecord/getCheckData':
      await checkData(db, user, checkDataQuery.parse(q), now);
      return;
    case '/statistics/certs':
      await certStatistics(db, user, certsQuery.parse(q), await loadDistrictNames(db));
      return;
    case '/statistics/completedTask':
      await completedStatistics(db, user, completedQuery.parse(q), await loadDistrictNames(db), now);
      return;
    case '/statistics/afootTask':
      await afootStatistics(db, user, afootQuery.parse(q), await loadDistrictNames(db));
      return;
    case '/workbench/summary':
      await workbenchOf(db, user, now);
      return;
    case '/analysis/overview':
      await provinceOverview(db, await loadDistrictNames(db), now);
      return;
    default:
      throw new Error(`no direct form of ${path}`);
  }
}

/** Starts SafeCert: database (PGlite in DATA_DIR or DATABASE_URL), migrations, seed, HTTP on PORT. */
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp, smsOutboxFile } from './app.js';
import { prepareDatabase } from './bootstrap.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/index.js';

const config = loadConfig();
const database = await openDatabase(config);
const outcome = await prepareDatabase(database, config);
const app = await buildApp({ config, database, jobEngine: config.jobs });

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
const lines = [
  '',
  `SafeCert is running at ${url}  (API ${url}/api, docs ${url}/api/docs)`,
  `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  `Scheduled jobs: ${app.ctx.jobs.engine ? `pg-boss in this process (${app.ctx.jobs.engine === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}), Asia/Shanghai schedules` : 'not run by this process (JOBS=0)'}`
    + (config.national.url ? '' : '; NATIONAL_PLATFORM_URL not set: outbox records stay pending'),
];
if (outcome.kind === 'production') {
  lines.push('', 'Initial administrator created. Sign in once and change the password:', `  admin / ${outcome.adminPassword}`, '');
} else if (config.seedDemo) {
  if (outcome.kind === 'demo') lines.push(`Demo data seeded: ${outcome.enterprises} enterprises, ${outcome.persons} persons, ${outcome.certificates} certificates, ${outcome.applications} applications in the review queues.`);
  lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.userName.padEnd(11)} ${a.userType}  ${a.description}`);
  if (config.sms.provider === 'log') lines.push(`SMS codes are written to the log and to ${smsOutboxFile(config)}.`);
  lines.push('Single sign-on: npm run sso:link -- person1');
}
console.log(lines.join('\n'));

/** Not an apiSuite: the start on an empty database (openEmptyDatabase), which createTestApp never gives. */
import { describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { wrapPool } from '../../server/db/client.js';
import { adminUrlFor } from '../helpers/pg-url.js';
import { count, eq, sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config.js';
import { buildApp } from '../../server/app.js';
import { prepareDatabase } from '../../server/bootstrap.js';
import { certificate, statCertificate, statRefresh, sysUser } from '../../server/db/schema.js';
import { openEmptyDatabase } from '../helpers/db.js';

describe('start-up on an empty database', () => {
  it('in production creates only an administrator with a one-time password that must be changed', async () => {
    const database = await openEmptyDatabase();
    try {
      const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: '.tmp/bootstrap-prod', CLIENT_DIR: '' });
      const outcome = await prepareDatabase(database, config);
      expect(outcome.kind).toBe('production');
      if (outcome.kind !== 'production') return;
      expect(outcome.adminPassword.length).toBeGreaterThanOrEqual(12);
      const users = await database.db.select().from(sysUser);
      expect(users.map((u) => u.userName)).toEqual(['admin']);
      expect(users[0].mustChangePassword).toBe(true);
      expect((await database.db.select({ n: count() }).from(certificate))[0].n).toBe(0);

      const app = await buildApp({ config, database, logger: false });
      const login = await app.inject({
        method: 'POST',
        url: '/api/login/login',
        payload: { username: 'admin', password: outcome.adminPassword },
      });
      expect(login.statusCode).toBe(200);
      const token = login.json().data.token as string;
      const info = await app.inject({ url: '/api/system/user/getLoginUser', headers: { token } });
      expect(info.json().code).toBe(800);
      expect(info.json().data.mustChangePassword).toBe(true);
      await app.close();

      // A second start finds the database seeded and changes nothing.
      expect((await prepareDatabase(database, config)).kind).toBe('existing');
      expect((await database.db.select({ n: count() }).from(sysUser).where(eq(sysUser.userName, 'admin')))[0].n).toBe(
        1,
      );
    } finally {
      await database.close();
    }
  });

  it('outside production seeds the demo data once', async () => {
    const database = await openEmptyDatabase();
    try {
      const config = loadConfig({ DATA_DIR: '.tmp/bootstrap-demo', CLIENT_DIR: '' });
      const seededAt = new Date();
      const first = await prepareDatabase(database, config, seededAt);
      expect(first.kind).toBe('demo');
      // The figures are there for a first visit: the statistics computed as of the seed.
      const [mark] = await database.db.select().from(statRefresh);
      expect(mark).toMatchObject({ refreshedAt: seededAt });
      const [certs] = await database.db
        .select({ n: sql<number>`coalesce(sum(${statCertificate.total}), 0)::int` })
        .from(statCertificate);
      expect(certs!.n).toBe((await database.db.select({ n: count() }).from(certificate))[0]!.n);
      const users = await database.db.select({ n: count() }).from(sysUser);
      expect(users[0].n).toBeGreaterThanOrEqual(17);
      expect((await prepareDatabase(database, config)).kind).toBe('existing');
      expect((await database.db.select({ n: count() }).from(sysUser))[0].n).toBe(users[0].n);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(inject('postgresAdminUrl'))('several API processes on one PostgreSQL', () => {
  it('start together: one migrates and seeds, the others wait and find it done', async () => {
    const adminUrl = inject('postgresAdminUrl');
    const name = `safecert_multi_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = adminUrlFor(adminUrl, name);
    const handles = [0, 1, 2].map(() => wrapPool(new pg.Pool({ connectionString: url, max: 3 })));
    try {
      const config = loadConfig({ DATA_DIR: '.tmp/bootstrap-multi', CLIENT_DIR: '' });
      const outcomes = await Promise.all(handles.map((h) => prepareDatabase(h, config)));
      expect(outcomes.filter((o) => o.kind === 'demo')).toHaveLength(1);
      expect(outcomes.filter((o) => o.kind === 'existing')).toHaveLength(2);
      const admins = await handles[0].db.select({ n: count() }).from(sysUser).where(eq(sysUser.userName, 'admin'));
      expect(admins[0].n).toBe(1);
    } finally {
      for (const h of handles) await h.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

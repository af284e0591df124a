/** Database ready for use: migrations applied, seeded once (demo data, or the initial administrator in production). */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { migrate } from './db/migrate.js';
import { isSeeded } from './db/seed/seeded.js';
import { missingMenus } from './db/seed/upgradeMenus.js';
import { hashPassword } from './lib/password.js';
import { fixedClock, runWithClock } from './lib/clock.js';
import { chinaDate } from './lib/days.js';

export type SeedOutcome =
  /** missingMenus: menu entries of this version the database lacks (npm run seed:menus adds them). */
  | { kind: 'existing'; missingMenus?: number }
  | { kind: 'demo'; enterprises: number; persons: number; certificates: number; applications: number }
  | { kind: 'production'; adminPassword: string };

/** A password that passes the policy: four character classes, 16 characters. */
function randomInitialPassword(): string {
  const base = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `${base}#A7a`;
}

const SEED_LOCK = 7_272_027;

/** `now` is the seed's moment: the demo's dates are relative to its China day, and its rows are stamped with it. */
export async function prepareDatabase(database: Database, config: AppConfig, now = new Date()): Promise<SeedOutcome> {
  await migrate(database);
  const outcome = await runWithClock(fixedClock(now), () => seedOnce(database, config, now));
  if (outcome.kind === 'existing') {
    // The seed runs once: a newer version's menus reach this database only through npm run seed:menus.
    return { kind: 'existing', missingMenus: (await missingMenus(database.db)).length };
  }
  // Fresh tables have no statistics until autovacuum gets to them: without, the planner takes a
  // 12-row table for a 1-row one and joins the permissions backwards on every call.
  await database.exec('analyze');
  // The statistics pages, the workbench and /dashboard/Analysis read tables: fill them now, so a
  // first visit sees figures whichever process runs the jobs (the hourly job keeps them current).
  const { refreshStatistics } = await import('./modules/statistics/refresh.js');
  await refreshStatistics(database.db, fixedClock(now));
  return outcome;
}

async function seedOnce(database: Database, config: AppConfig, now: Date): Promise<SeedOutcome> {
  // Several processes may start at once on one PostgreSQL: one seeds inside a transaction that
  // holds an advisory lock, the others see the result.
  return database.db.transaction(async (tx) => {
    if (database.kind === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await isSeeded(tx)) return { kind: 'existing' } as const;
    // The seed's code (and the fake-data library under it) loads only for a database that needs it:
    // a restart does not pay for it.
    const { createInitialAdmin, DEMO_PASSWORD, seedDemoData, seedReferenceData } = await import('./db/seed/index.js');
    await seedReferenceData(tx);
    if (config.seedDemo) {
      const passwordHash = await hashPassword(DEMO_PASSWORD);
      const { loadCertificates } = await import('./modules/certificate/writer.js');
      const counts = await seedDemoData(tx, { now, passwordHash, loadCertificates });
      const [
        { seedBusinessCases },
        { seedDemoApplications },
        { seedDemoCredit },
        { seedDemoImports },
        { seedWorkingDay },
        { seedDemoExams },
      ] = await Promise.all([
        import('./demo/businessCases.js'),
        import('./demo/applications.js'),
        import('./demo/credit.js'),
        import('./demo/imports.js'),
        import('./demo/workingDay.js'),
        import('./demo/exams.js'),
      ]);
      await seedBusinessCases(tx, now, passwordHash);
      await seedDemoCredit(tx, now);
      await seedDemoImports(tx, chinaDate(now));
      const applications = await seedDemoApplications(tx, config, now, passwordHash);
      await seedWorkingDay(tx);
      // Exams last: the demo applications were chosen before, so adding the exams changes none of them.
      await seedDemoExams(tx, now);
      return { kind: 'demo', ...counts, applications } as const;
    }
    const adminPassword = randomInitialPassword();
    await createInitialAdmin(tx, await hashPassword(adminPassword));
    return { kind: 'production', adminPassword } as const;
  });
}

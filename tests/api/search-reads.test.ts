/**
 * The search pages' reads (Database.reads, server/db/client.ts): on PostgreSQL their own sessions,
 * which plan every statement for its values; the hot paths' fixed texts (runText, named) still run
 * on the main sessions with their generic plans, also when a search hands them the reads' handle.
 */
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { runText } from '../../server/db/client.js';
import { rowsOf } from '../../server/db/sql.js';

let t: TestApp;
apiSuite({
  ready: (app) => {
    t = app;
  },
});

const planMode = { sql: "select current_setting('plan_cache_mode') as mode", params: [] };
const modeOn = async (...args: Parameters<typeof runText>) => String((await runText(...args))[0]?.mode);

describe('search reads', () => {
  it("plan a search's statements for their values and leave the hot paths' generic plans to the main sessions", async () => {
    const { database } = t;
    if (database.kind === 'pglite') {
      // One embedded connection: the reads are the same handle.
      expect(database.reads).toBe(database.db);
      return;
    }
    expect(await modeOn(database.reads, planMode, { named: false })).toBe('force_custom_plan');
    expect(String(rowsOf<{ mode: string }>(await database.reads.execute(planMode.sql))[0]?.mode)).toBe(
      'force_custom_plan',
    );
    expect(await modeOn(database.reads, planMode)).toBe('auto');
    expect(await modeOn(database.db, planMode, { named: false })).toBe('auto');
  });
});

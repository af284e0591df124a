/**
 * The certificate as one statechart with one writer (issue #44): after the demo seed, after each
 * scheduled job and across the punishments' reviews, every certificate's history replays through the
 * machine to its stored row and the invariants hold; and every view shows the same certificate (the
 * PDF, the /cert page's API, the public search, the list row and the export row).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { CERT_STATUSES } from '../../machines/certificate.machine.js';
import { certificate, certificateHistory, person } from '../../server/db/schema.js';
import { addDays, chinaDate } from '../../server/lib/days.js';
import { chineseDate } from '../../server/lib/pdf/format.js';
import { checkCertificateInvariants } from '../../server/jobs/certificateInvariants.js';
import { replayAll, replayCertificate } from '../../server/modules/certificate/history.js';
import { loadCertificate, pdfDataOf } from '../../server/modules/certificate/detail.js';
import { loadLabels } from '../../server/modules/certificate/labels.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { chinaAt, runNamed } from '../helpers/jobs.js';

let t: TestApp;
const tokens = new Map<string, string>();
const as = async (user: string) => tokens.get(user) ?? tokens.set(user, await t.login(user)).get(user)!;
const db = () => t.database.db;
const today = () => chinaDate(t.clock.now());

beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

/** The invariants' findings, as `rule certNo: detail` lines (empty: all hold). */
async function violations(): Promise<string[]> {
  const report = await checkCertificateInvariants(db(), t.clock, { examples: 30 });
  return report.violations.map((v) => `${v.rule} ${v.certNo}: ${v.detail}`);
}

describe('the demo seed', () => {
  it('has certificates in every state of the machine, each with a history that replays to its row', async () => {
    const statuses = (await db().selectDistinct({ status: certificate.status }).from(certificate)).map((r) => r.status).sort();
    expect(statuses).toEqual([...CERT_STATUSES]);
    const { checked, broken } = await replayAll(db());
    expect(checked).toBeGreaterThan(800);
    expect(broken).toEqual([]);
  });

  it('breaks none of the invariants', async () => {
    expect(await violations()).toEqual([]);
  });
});

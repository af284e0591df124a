/**
 * The workflow's load → decide → store for a caller with rows in hand (a bulk decision): each row
 * in a transaction of its own, read, decided and written inside it — the business rules read on
 * the transaction too (PGlite serves one connection), a refusal writing nothing, a closing's
 * effect and anything after the write undone with the row's transaction.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { eligibleSubject } from '../helpers/subjects.js';
import type { AuthUser } from '../../server/context.js';
import { application, applicationHistory, certificate, sysUser } from '../../server/db/schema.js';
import { resolveSession } from '../../server/modules/auth/session.service.js';
import { parsePayload } from '../../server/modules/business/payloads.js';
import { decide, type EventRequest, type Refusal } from '../../server/workflow/decide.js';
import { rulesFor } from '../../server/workflow/ruleCheck.js';
import { applyEvent, createApplication, loadApplication, storeTransition } from '../../server/workflow/store.js';
import type { ApplicationRow } from '../../server/workflow/types.js';

let t: TestApp;
const users = new Map<string, AuthUser>();
const as = async (name: string) => {
  if (!users.has(name)) users.set(name, await resolveSession(t.app.ctx, await t.login(name)));
  return users.get(name)!;
};

apiSuite({
  ready: (app) => {
    t = app;
  },
});

/** One row of a bulk decision: load, decide and store in the row's own transaction; the refusal when decide refuses. */
function decideRow(
  user: AuthUser,
  id: number,
  request: EventRequest,
  after?: (written: ApplicationRow) => Promise<void>,
): Promise<ApplicationRow | Refusal> {
  const ctx = t.app.ctx;
  return ctx.db.transaction(async (tx) => {
    const row = await loadApplication(tx, id);
    const rules = await rulesFor(tx, ctx.clock, row, request.type);
    const decision = decide(user, row, request, { at: ctx.clock.now(), rules });
    if (!decision.ok) return decision.refusal;
    const written = await storeTransition(ctx, tx, decision.transition);
    await after?.(written);
    return written;
  });
}

const stored = async (id: number) => {
  const [row] = await t.database.db
    .select({
      version: application.version,
      step: application.step,
      status: application.status,
      certificateId: application.certificateId,
    })
    .from(application)
    .where(eq(application.id, id));
  const [{ n }] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(applicationHistory)
    .where(eq(applicationHistory.applicationId, id));
  return { ...row!, history: n };
};

/** A saved newCert of ent_gz about a subject the rules accept. */
async function savedNewCert(): Promise<ApplicationRow> {
  const [ent] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'ent_gz'));
  const subject = await eligibleSubject(t, 'newCert');
  const payload = parsePayload('newCert', subject.payload);
  if (!payload.ok) throw new Error(payload.msg);
  return t.database.db.transaction((tx) =>
    createApplication(t.app.ctx, tx, {
      businessType: 'newCert',
      applicantUserId: ent!.userId,
      enterpriseId: ent!.enterpriseId,
      personId: subject.personId,
      holderUserId: null,
      certificateId: null,
      payload: payload.value as Record<string, unknown>,
    }),
  );
}

describe('a bulk decision, one transaction per row', () => {
  it("submits with the rules read in the row's transaction, accepts, and refuses a stale row without writing it", async () => {
    const entGz = await as('ent_gz');
    const gzSl = await as('gz_sl');
    const [a, b] = [await savedNewCert(), await savedNewCert()];
    for (const row of [a, b]) {
      const submitted = await decideRow(entGz, row.id, { type: 'SUBMIT', version: 0 });
      expect(submitted, JSON.stringify(submitted)).toMatchObject({ id: row.id, status: 2, version: 1 });
    }
    // The history row keeps the facts the rules read at SUBMIT.
    const [history] = await t.database.db
      .select()
      .from(applicationHistory)
      .where(eq(applicationHistory.applicationId, a.id));
    expect(history!.facts).not.toBeNull();

    const accepted = await decideRow(gzSl, a.id, { type: 'AGREE', version: 1, comment: '同意' });
    expect(accepted).toMatchObject({ step: 'cb', version: 2 });
    const before = await stored(b.id);
    const stale = await decideRow(gzSl, b.id, { type: 'AGREE', version: 0, comment: '同意' });
    expect(stale).toMatchObject({ check: 'version', status: 409 });
    expect(await stored(b.id)).toEqual(before);
  });

  it("closes approved with the certificate issued in the row's transaction, and undoes both when the row's transaction fails after the write", async () => {
    const row = await savedNewCert();
    const ctx = t.app.ctx;
    // Driven to 办结 by the machine alone (as the demo seed drives it): the last AGREE is the bulk decision's.
    let at = await applyEvent(
      ctx,
      ctx.db,
      row,
      { type: 'SUBMIT', actorId: row.applicantUserId, roleKey: 'enterprise', version: 0 },
      'ent_gz',
      { facts: {} },
    );
    for (const step of ['sl', 'cb', 'cs', 'sh', 'sp'] as const) {
      const staff = await as(`gz_${step}`);
      at = await applyEvent(
        ctx,
        ctx.db,
        at,
        { type: 'AGREE', actorId: staff.userId, roleKey: `step_${step}`, version: at.version },
        staff.nickName,
      );
    }
    expect(at.step).toBe('bj');
    const gzBj = await as('gz_bj');
    const certificates = async () =>
      Number((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(certificate))[0]!.n);
    const before = { row: await stored(row.id), certificates: await certificates() };

    // Something after the write fails (the next part of the caller's row): nothing of the row stays.
    await expect(
      decideRow(gzBj, row.id, { type: 'AGREE', version: at.version }, async () => {
        throw new Error("the row's next part failed");
      }),
    ).rejects.toThrow('next part failed');
    expect({ row: await stored(row.id), certificates: await certificates() }).toEqual(before);

    const closed = await decideRow(gzBj, row.id, { type: 'AGREE', version: at.version });
    expect(closed).toMatchObject({ status: 8, outcome: 'approved', version: at.version + 1 });
    expect((closed as ApplicationRow).certificateId).not.toBeNull();
    expect(await certificates()).toBe(before.certificates + 1);
    expect(await stored(row.id)).toMatchObject({
      status: 8,
      history: before.row.history + 1,
      certificateId: (closed as ApplicationRow).certificateId,
    });
  });
});

/**
 * The workflow's decision without a database (server/workflow/decide.ts): DESIGN's order — can see
 * (403) → version (409) → sender's role and area (403) → business rules at SUBMIT (422, code = the
 * rule) → machine (409) — each refusal shown to win over every later one, and the transitions it
 * decides (the row as it will be, the history row, whom it tells).
 */
import { describe, expect, it } from 'vitest';
import {
  createApplicationSnapshot,
  stateNameOf,
  type ApplicationEventType,
  type PersistedApplicationSnapshot,
} from '../../machines/application.machine.js';
import { BUSINESS_ROUTES, type BusinessType, type Step } from '../../machines/businessTypes.js';
import type { AuthUser } from '../../server/context.js';
import { STALE_VERSION } from '../../server/lib/errors.js';
import {
  ALREADY_ENDED,
  CANNOT_SEE,
  decide,
  NOT_ALLOWED_NOW,
  refusalError,
  transitionOf,
  type Check,
  type Decision,
  type DecisionFacts,
  type EventRequest,
  type Transition,
} from '../../server/workflow/decide.js';
import type { RuleVerdict } from '../../server/workflow/registry.js';
import type { ApplicationRow } from '../../server/workflow/types.js';

const AT = new Date('2026-11-20T02:00:00Z');
const FILED = new Date('2026-11-18T02:00:00Z');

function user(userId: number, nickName: string, fields: Partial<AuthUser> = {}, steps: Step[] = []): AuthUser {
  return {
    userId,
    userName: nickName,
    nickName,
    userType: steps.length > 0 ? '02' : '03',
    duty: null,
    roleKeys: steps.map((s) => `step_${s}`),
    permissions: new Set(steps.map((s) => `workflow:${s}`)),
    area: null,
    enterpriseId: null,
    personId: null,
    mustChangePassword: false,
    passwordExpired: false,
    tokenHash: `token-${userId}`,
    ...fields,
  };
}

const applicant = user(1, '广州建工', { enterpriseId: 7, area: '1' });
const staffOf = (step: Step, userId: number, area: AuthUser['area'] = '1') =>
  user(userId, `${area}_${step}`, { area }, [step]);
const gzSl = staffOf('sl', 10);
const gzCb = staffOf('cb', 11);
const szSl = staffOf('sl', 20, '2');
const province = user(30, '省级管理员', { area: 'all' });

const PASS: RuleVerdict = { code: 0, message: '', facts: { age: 40 } };
const REFUSE: RuleVerdict = {
  code: 3,
  message: '该人员已有在办业务',
  field: 'personId',
  facts: { openApplications: 1 },
};

/** A saved newCert of the applicant in area 1 (广州), as createApplication stores it. */
function saved(type: BusinessType = 'newCert'): ApplicationRow {
  return {
    id: 501,
    applyNo: 'XB2026111800001',
    businessType: type,
    applicantUserId: applicant.userId,
    enterpriseId: 7,
    personId: 3,
    holderName: '张三',
    holderIdNo: '440100199001010011',
    holderUserId: null,
    certificateId: null,
    area: '1',
    payload: { category: 'C3', position: '08' },
    printedAt: null,
    createdAt: FILED,
    snapshot: createApplicationSnapshot({ businessType: type, applicantId: applicant.userId, holderId: null }),
    status: 1,
    step: null,
    version: 0,
    outcome: null,
    submittedAt: null,
    acceptedAt: null,
    closedAt: null,
    deleted: false,
    updatedAt: FILED,
  };
}

const facts = (rules: RuleVerdict | null = null): DecisionFacts => ({ at: AT, rules });

function transitionOrFail(decision: Decision): Transition {
  if (!decision.ok) throw new Error(`refused: ${decision.refusal.check} ${decision.refusal.msg}`);
  return decision.transition;
}

/** The row after the machine's step alone (no checks), as the store would have written it. */
function moved(
  row: ApplicationRow,
  type: ApplicationEventType,
  by: AuthUser,
  roleKey: string,
  comment?: string,
): ApplicationRow {
  return transitionOrFail(
    transitionOf(row, { type, actorId: by.userId, roleKey, comment, version: row.version }, by.nickName, AT),
  ).next;
}

const submitted = () => moved(saved(), 'SUBMIT', applicant, 'enterprise');
/** newCert through every step to 办结 (bj), waiting for its last AGREE. */
function atBj(): ApplicationRow {
  let row = submitted();
  for (const [i, step] of (['sl', 'cb', 'cs', 'sh', 'sp'] as const).entries())
    row = moved(row, 'AGREE', staffOf(step, 40 + i), `step_${step}`);
  return row;
}

const refusalOf = (decision: Decision) => (decision.ok ? null : decision.refusal);

describe("decide refuses in DESIGN's order", () => {
  it('a SUBMIT that fails every check hears each refusal in turn as the earlier ones are mended', () => {
    const app = submitted();
    // Each line mends the check the line above failed; every later check still fails.
    const steps: { who: AuthUser; version: number; rules: RuleVerdict; check: Check; status: number; msg: string }[] = [
      { who: szSl, version: app.version - 1, rules: REFUSE, check: 'visibility', status: 403, msg: CANNOT_SEE },
      { who: gzSl, version: app.version - 1, rules: REFUSE, check: 'version', status: 409, msg: STALE_VERSION },
      { who: gzSl, version: app.version, rules: REFUSE, check: 'sender', status: 403, msg: '只有申请人可以进行此操作' },
      { who: applicant, version: app.version, rules: REFUSE, check: 'rules', status: 422, msg: REFUSE.message },
      // Rules passed: the machine has the last word, and an application already submitted is not submitted again.
      { who: applicant, version: app.version, rules: PASS, check: 'machine', status: 409, msg: NOT_ALLOWED_NOW },
    ];
    for (const s of steps) {
      expect(
        refusalOf(decide(s.who, app, { type: 'SUBMIT', version: s.version }, facts(s.rules))),
        s.check,
      ).toMatchObject({ check: s.check, status: s.status, msg: s.msg });
    }
  });

  it("can see: another centre's staff and other enterprises are refused before anything else; the province oversees", () => {
    const app = submitted();
    const otherEnterprise = user(2, '深圳建工', { enterpriseId: 8, area: '2' });
    for (const who of [szSl, otherEnterprise]) {
      expect(refusalOf(decide(who, app, { type: 'AGREE', version: app.version + 7 }, facts()))).toMatchObject({
        check: 'visibility',
        status: 403,
      });
    }
    // The province's overseer sees every centre's items, acts at no step: refused as a sender, not as a stranger.
    expect(refusalOf(decide(province, app, { type: 'AGREE', version: app.version }, facts()))).toMatchObject({
      check: 'sender',
      status: 403,
      msg: '您没有办理该环节的权限',
    });
  });

  it('version: a stale version is 409 whoever sends it, before the sender is looked at', () => {
    const app = submitted();
    expect(refusalOf(decide(gzCb, app, { type: 'AGREE', version: app.version - 1 }, facts()))).toMatchObject({
      check: 'version',
      status: 409,
      msg: STALE_VERSION,
    });
    expect(refusalOf(decide(gzCb, app, { type: 'AGREE', version: app.version + 1 }, facts()))).toMatchObject({
      check: 'version',
    });
  });

  it("sender: the wrong step's role, a step role in another centre, and the wrong party are each 403", () => {
    const app = submitted();
    expect(refusalOf(decide(gzCb, app, { type: 'AGREE', version: app.version }, facts()))).toMatchObject({
      check: 'sender',
      status: 403,
      msg: '您没有办理该环节的权限',
    });
    // The applicant sees its own item everywhere; holding 受理 in another centre does not let it accept it.
    const applicantWithSl = user(applicant.userId, applicant.nickName, { area: '2' }, ['sl']);
    expect(refusalOf(decide(applicantWithSl, app, { type: 'AGREE', version: app.version }, facts()))).toMatchObject({
      check: 'sender',
      msg: '该业务不属于您所在中心的办理范围',
    });
    expect(refusalOf(decide(applicant, app, { type: 'AGREE', version: app.version }, facts()))).toMatchObject({
      check: 'sender',
      status: 403,
    });
    // A holder's confirmation sent by staff: the holder's event, the staff's 403 (the machine is not asked).
    expect(refusalOf(decide(gzSl, app, { type: 'CONFIRM', version: app.version }, facts()))).toMatchObject({
      check: 'sender',
      status: 403,
    });
  });

  it("rules at SUBMIT: the rule's code, words, field and facts, as the HTTP answer carries them", () => {
    const refusal = refusalOf(decide(applicant, saved(), { type: 'SUBMIT', version: 0 }, facts(REFUSE)));
    expect(refusal).toEqual({
      check: 'rules',
      status: 422,
      msg: REFUSE.message,
      code: 3,
      field: 'personId',
      data: { checkCode: 3, facts: REFUSE.facts },
    });
    const error = refusalError(refusal!);
    expect({
      status: error.statusCode,
      code: error.code,
      msg: error.message,
      field: error.field,
      data: error.data,
    }).toEqual({
      status: 422,
      code: 3,
      msg: REFUSE.message,
      field: 'personId',
      data: { checkCode: 3, facts: REFUSE.facts },
    });
  });

  it("rules are read for a SUBMIT only: one decided without them is a wiring mistake, not a user's", () => {
    expect(() => decide(applicant, saved(), { type: 'SUBMIT', version: 0 }, facts(null))).toThrow(/rules/);
    // Any other event is decided without them.
    expect(decide(applicant, saved(), { type: 'DELETE', version: 0 }, facts(null)).ok).toBe(true);
  });

  it('machine: not possible now is 409, and an ended application says it has ended', () => {
    const app = submitted();
    expect(refusalOf(decide(applicant, app, { type: 'SAVE', version: app.version }, facts()))).toMatchObject({
      check: 'machine',
      status: 409,
      msg: NOT_ALLOWED_NOW,
    });
    const closed = moved(atBj(), 'AGREE', staffOf('bj', 45), 'step_bj');
    expect(stateNameOf(closed.snapshot as PersistedApplicationSnapshot)).toBe('closed');
    expect(refusalOf(decide(applicant, closed, { type: 'WITHDRAW', version: closed.version }, facts()))).toMatchObject({
      check: 'machine',
      status: 409,
      msg: ALREADY_ENDED,
    });
  });
});

describe("decide's transitions", () => {
  it("SUBMIT: submitted now, the rules' facts kept in the history row, 受理 told", () => {
    const t = transitionOrFail(
      decide(applicant, saved(), { type: 'SUBMIT', version: 0, comment: '请审核' }, facts(PASS)),
    );
    expect(t.next).toMatchObject({
      status: 2,
      step: 'sl',
      version: 1,
      submittedAt: AT,
      acceptedAt: null,
      updatedAt: AT,
      deleted: false,
    });
    expect(t.event).toEqual({
      type: 'SUBMIT',
      actorId: applicant.userId,
      roleKey: 'applicant',
      comment: '请审核',
      version: 0,
    });
    expect(t.history).toEqual({ resultCode: null, step: null, from: 'saved', to: 'submitted', facts: PASS.facts });
    expect(t.notice?.whom).toEqual({ staffOf: { area: '1', step: 'sl' } });
    expect(t.notice?.todo?.mc).toBe('待受理：新办证书 XB2026111800001');
    expect(t.closesApproved).toBe(false);
    expect(t.savedPayload).toBeNull();
  });

  it("AGREE at 受理: accepted now, on to 承办 under the step's role, 承办 told; the row read is left as it was", () => {
    const app = submitted();
    const before = structuredClone(app);
    const t = transitionOrFail(decide(gzSl, app, { type: 'AGREE', version: app.version, comment: '同意' }, facts()));
    expect(t.read).toBe(app);
    expect(app).toEqual(before);
    expect(t.next).toMatchObject({
      status: 3,
      step: 'cb',
      version: app.version + 1,
      acceptedAt: AT,
      submittedAt: app.submittedAt,
    });
    expect(t.event.roleKey).toBe('step_sl');
    expect(t.actorName).toBe(gzSl.nickName);
    expect(t.history).toMatchObject({ resultCode: 1, step: 'sl', from: 'submitted', to: 'inReview.cb' });
    expect(t.notice?.whom).toEqual({ staffOf: { area: '1', step: 'cb' } });
  });

  it("SAVE replaces the form only on a SAVE; the last AGREE closes approved (the close effect's cue)", () => {
    const form = { category: 'C2', position: '05' };
    const save = transitionOrFail(decide(applicant, saved(), { type: 'SAVE', version: 0, payload: form }, facts()));
    expect(save.savedPayload).toEqual(form);
    expect(save.next.payload).toEqual(form);
    const deleted = transitionOrFail(
      decide(applicant, saved(), { type: 'DELETE', version: 0, payload: form }, facts()),
    );
    expect(deleted.savedPayload).toBeNull();
    expect(deleted.next).toMatchObject({ deleted: true, payload: saved().payload });

    const bj = atBj();
    const close = transitionOrFail(decide(staffOf('bj', 45), bj, { type: 'AGREE', version: bj.version }, facts()));
    expect(close.next).toMatchObject({ status: 8, step: 'bj', outcome: 'approved', closedAt: AT });
    expect(close.closesApproved).toBe(true);
    expect(close.notice?.whom).toEqual({ users: [applicant.userId] });
    const deny = transitionOrFail(
      decide(staffOf('bj', 45), bj, { type: 'DISAGREE', version: bj.version, comment: '不符合条件' }, facts()),
    );
    expect(deny.next.outcome).toBe('denied');
    expect(deny.closesApproved).toBe(false);
  });

  it('the same inputs give the same decision', () => {
    const requests: [AuthUser, EventRequest, RuleVerdict | null][] = [
      [gzSl, { type: 'AGREE', version: 2, comment: '同意' }, null],
      [gzCb, { type: 'AGREE', version: 2 }, null],
      [applicant, { type: 'SUBMIT', version: 2 }, REFUSE],
    ];
    for (const [who, request, rules] of requests) {
      const [a, b] = [decide(who, submitted(), request, facts(rules)), decide(who, submitted(), request, facts(rules))];
      expect(JSON.parse(JSON.stringify(a))).toEqual(JSON.parse(JSON.stringify(b)));
    }
  });

  it("every business type's saved application is submitted by its applicant alone", () => {
    for (const type of Object.keys(BUSINESS_ROUTES) as BusinessType[]) {
      expect(decide(applicant, saved(type), { type: 'SUBMIT', version: 0 }, facts(PASS)).ok, type).toBe(true);
      expect(refusalOf(decide(gzSl, saved(type), { type: 'SUBMIT', version: 0 }, facts(PASS))), type).toMatchObject({
        check: 'sender',
      });
    }
  });
});

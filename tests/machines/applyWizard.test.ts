/**
 * The apply wizard's statechart: every transition fires on some path (one run per kind of business
 * type: a certificate subject, a revocation with its detail step, newCert with its category and
 * position, rename without a subject, and a saved draft continued), and the behaviour the
 * enterprise relies on: no way past step 0 without a passed check, stale answers ignored, the
 * subject fixed once saved, submit only from the summary.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import {
  applyWizardMachine,
  blockReason,
  canSave,
  canSubmit,
  currentStep,
  isBusy,
  isSubjectLocked,
  type ApplyWizardEvent,
  type ApplyWizardInput,
  type WizardSubject,
} from '@machines/applyWizard.machine';
import { describeTransitionCoverage, describeUnionCoverage } from './coverage';

const subject = (key: string): WizardSubject => ({
  key,
  personId: null,
  certificateId: Number(key.slice(1)),
  display: { certNo: `粤建安C3（2024）000000${key.slice(1)}` },
});
const A = subject('c1');
const B = subject('c2');
const draft = { id: 7, version: 1, applyNo: 'YQ2026112300001' };

const samples: ApplyWizardEvent[] = [
  { type: 'CHOOSE', subject: A },
  { type: 'CHOOSE', subject: B },
  { type: 'CHECK' },
  {
    type: 'CHECK.ANSWER',
    questionKey: 'c1',
    answer: { passed: true, facts: { expiryDate: '2026-12-31' }, warn: null },
  },
  { type: 'CHECK.ANSWER', questionKey: 'c1', answer: { passed: false, code: 1, message: '不在延期申请时间范围内' } },
  { type: 'CHECK.ANSWER', questionKey: 'c1|C3|08', answer: { passed: true, facts: { category: 'C3' }, warn: null } },
  {
    type: 'CHECK.ANSWER',
    questionKey: 'c1|C3|08',
    answer: { passed: false, code: 12, message: '申请人未通过 C3 类考核' },
  },
  {
    type: 'CHECK.ANSWER',
    questionKey: '-',
    answer: { passed: true, facts: { enterpriseName: '广州建设有限公司' }, warn: null },
  },
  { type: 'FORM.CHANGED', changed: { remark: '申请延期' } },
  { type: 'FORM.CHANGED', changed: { category: 'C3', position: '08' } },
  { type: 'FORM.CHANGED', changed: { category: undefined } },
  { type: 'NEXT', valid: true },
  { type: 'NEXT', valid: false },
  { type: 'BACK' },
  { type: 'GOTO.subject' },
  { type: 'GOTO.detail' },
  { type: 'GOTO.form' },
  { type: 'GOTO.materials' },
  { type: 'MATERIALS', done: 1, uploading: 0, failed: 0 },
  { type: 'MATERIALS', done: 0, uploading: 1, failed: 0 },
  { type: 'SAVE' },
  { type: 'SAVED', draft },
  { type: 'SAVE.FAILED', error: { message: '保存失败', field: 'payload.remark' } },
  { type: 'SUBMIT' },
  { type: 'SUBMITTED' },
  { type: 'SUBMIT.FAILED', error: { message: '不在延期申请时间范围内', field: null } },
  { type: 'LOADED', draft, subject: A, form: { remark: '补正后再次提交' }, lastComment: '请补充继续教育证明' },
  { type: 'LOAD.FAILED', message: '业务不存在或已删除' },
];

/** Keeps what the guards read, so repeated clicks do not make the explored graph grow. */
const serializeState = (s: AnyMachineSnapshot) => {
  const c = s.context as ApplyWizardEventContext;
  return JSON.stringify([
    s.value,
    c.subject?.key ?? null,
    c.draftId,
    c.form.category ?? null,
    c.form.position ?? null,
    c.materials.uploading,
    s.status,
  ]);
};
type ApplyWizardEventContext = {
  subject: WizardSubject | null;
  draftId: number | null;
  form: Record<string, unknown>;
  materials: { uploading: number };
};

const isParamChange = (e: ApplyWizardEvent) =>
  (e.type === 'FORM.CHANGED' && ('category' in e.changed || 'position' in e.changed)) ||
  (e.type === 'CHECK.ANSWER' && e.questionKey.includes('C3'));
const isSecondSubject = (e: ApplyWizardEvent) => e.type === 'CHOOSE' && e.subject.key !== 'c1';
// Each run offers only the samples its business type can tell apart, so the explored graph stays small.
const runs: [string, ApplyWizardInput, (e: ApplyWizardEvent) => boolean][] = [
  [
    'delay (a certificate)',
    { type: 'delay' },
    (e) => !isParamChange(e) && e.type !== 'LOADED' && e.type !== 'LOAD.FAILED',
  ],
  [
    'revocation (detail step)',
    { type: 'revocation' },
    (e) => !isParamChange(e) && !isSecondSubject(e) && !e.type.startsWith('LOAD'),
  ],
  [
    'newCert (category and position)',
    { type: 'newCert' },
    (e) => !isSecondSubject(e) && !e.type.startsWith('LOAD') && e.type !== 'SUBMIT' && e.type !== 'SAVE',
  ],
  [
    'rename (no subject)',
    { type: 'rename' },
    (e) => !isParamChange(e) && e.type !== 'CHOOSE' && !e.type.startsWith('LOAD'),
  ],
  ['a saved delay continued', { type: 'delay', draftId: 7 }, (e) => !isParamChange(e) && !isSecondSubject(e)],
];
const reports = runs.map(([name, input, offered]) =>
  describeTransitionCoverage(
    applyWizardMachine,
    {
      input,
      events: samples.filter(offered),
      serializeState,
      limit: 100_000,
      requireAllTransitions: false,
      requireAllStates: false,
    },
    `applyWizard (${name}): transitions it makes reachable`,
  ),
);
describeUnionCoverage(
  applyWizardMachine,
  reports,
  'applyWizard: the business types together fire every defined transition',
);

function start(input: ApplyWizardInput) {
  const actor = createActor(applyWizardMachine, { input });
  actor.start();
  const send = (e: ApplyWizardEvent) => actor.send(e);
  return { actor, send, snap: () => actor.getSnapshot() };
}
const passed = (key: string) =>
  ({ type: 'CHECK.ANSWER', questionKey: key, answer: { passed: true, facts: {}, warn: null } }) as const;

describe('applyWizard behaviour', () => {
  it('has the steps of the business type from the route table', () => {
    expect(start({ type: 'delay' }).snap().context.steps).toEqual(['subject', 'form', 'materials', 'summary']);
    expect(start({ type: 'revocation' }).snap().context.steps).toEqual([
      'subject',
      'detail',
      'form',
      'materials',
      'summary',
    ]);
    expect(start({ type: 'rename' }).snap().context.target).toBe('enterprise');
  });

  it('does not leave step 0 without a subject and a passed check, and says why', () => {
    const { send, snap } = start({ type: 'delay' });
    send({ type: 'NEXT', valid: true });
    expect(currentStep(snap())).toBe('subject');
    expect(blockReason(snap())).toBe('chooseSubject');
    send({ type: 'CHOOSE', subject: A });
    expect(snap().matches({ precheck: 'checking' })).toBe(true);
    expect(blockReason(snap())).toBe('precheckPending');
    send({
      type: 'CHECK.ANSWER',
      questionKey: 'c1',
      answer: { passed: false, code: 5, message: '申请人超过年龄限制' },
    });
    expect(blockReason(snap())).toBe('precheckFailed');
    expect(snap().context.refusal).toEqual({ code: 5, message: '申请人超过年龄限制' });
    send({ type: 'NEXT', valid: true });
    expect(currentStep(snap())).toBe('subject');
    send({ type: 'CHOOSE', subject: B });
    send(passed('c2'));
    send({ type: 'NEXT', valid: true });
    expect(currentStep(snap())).toBe('form');
  });

  it('ignores the answer about a subject that is no longer chosen', () => {
    const { send, snap } = start({ type: 'delay' });
    send({ type: 'CHOOSE', subject: A });
    send({ type: 'CHOOSE', subject: B });
    send(passed('c1'));
    expect(snap().matches({ precheck: 'checking' })).toBe(true);
    send(passed('c2'));
    expect(snap().matches({ precheck: 'passed' })).toBe(true);
  });

  it('newCert checks only once a category and position are chosen, and again when they change', () => {
    const { send, snap } = start({ type: 'newCert' });
    send({ type: 'CHOOSE', subject: A });
    expect(snap().matches({ precheck: 'idle' })).toBe(true);
    send({ type: 'FORM.CHANGED', changed: { category: 'C3', position: '08' } });
    expect(snap().matches({ precheck: 'checking' })).toBe(true);
    send(passed('c1|C3|08'));
    expect(snap().matches({ precheck: 'passed' })).toBe(true);
    send({ type: 'FORM.CHANGED', changed: { category: 'B' } });
    expect(snap().matches({ precheck: 'checking' })).toBe(true);
    expect(snap().context.form).toEqual({ category: 'B', position: '08' });
    // The answer about C3 arrives late: it answers a question no longer asked.
    send(passed('c1|C3|08'));
    expect(snap().matches({ precheck: 'checking' })).toBe(true);
    send(passed('c1|B|08'));
    expect(snap().matches({ precheck: 'passed' })).toBe(true);
  });

  it('saves at any step; after the first save the subject is fixed', () => {
    const { send, snap } = start({ type: 'delay' });
    send({ type: 'CHOOSE', subject: A });
    expect(canSave(snap())).toBe(true);
    send({ type: 'SAVE' });
    expect(isBusy(snap())).toBe(true);
    send({ type: 'SAVED', draft });
    expect(isSubjectLocked(snap())).toBe(true);
    send({ type: 'CHOOSE', subject: B });
    expect(snap().context.subject?.key).toBe('c1');
  });

  it('submits only from the summary with every upload settled; a refusal keeps the wizard open with its words', () => {
    const { send, snap, actor } = start({ type: 'delay' });
    send({ type: 'CHOOSE', subject: A });
    send(passed('c1'));
    expect(canSubmit(snap())).toBe(false);
    send({ type: 'NEXT', valid: true });
    send({ type: 'NEXT', valid: false });
    expect(currentStep(snap())).toBe('form');
    send({ type: 'NEXT', valid: true });
    send({ type: 'MATERIALS', done: 0, uploading: 1, failed: 0 });
    send({ type: 'NEXT', valid: true });
    expect(blockReason(snap())).toBe('materialsPending');
    send({ type: 'MATERIALS', done: 1, uploading: 0, failed: 0 });
    send({ type: 'NEXT', valid: true });
    expect(currentStep(snap())).toBe('summary');
    expect(canSubmit(snap())).toBe(true);
    send({ type: 'SUBMIT' });
    send({ type: 'SAVED', draft });
    send({ type: 'SUBMIT.FAILED', error: { message: '继续教育学时不足', field: null } });
    expect(snap().context.error?.message).toBe('继续教育学时不足');
    expect(currentStep(snap())).toBe('summary');
    send({ type: 'SUBMIT' });
    send({ type: 'SUBMITTED' });
    expect(actor.getSnapshot().matches({ request: 'submitted' })).toBe(true);
  });

  it('continues a saved draft: loads it first, its subject fixed, and goes to a field the server named', () => {
    const { send, snap } = start({ type: 'delay', draftId: 7 });
    expect(isBusy(snap())).toBe(true);
    send({ type: 'LOADED', draft, subject: A, form: { remark: 'x' }, lastComment: '请补充材料' });
    expect(snap().context).toMatchObject({ draft, lastComment: '请补充材料', form: { remark: 'x' } });
    expect(isSubjectLocked(snap())).toBe(true);
    send({ type: 'CHECK' });
    send(passed('c1'));
    send({ type: 'GOTO.materials' });
    expect(currentStep(snap())).toBe('materials');
    send({ type: 'GOTO.detail' });
    expect(currentStep(snap())).toBe('materials');
  });
});

/**
 * The enterprise's apply wizard (DESIGN "applyWizard"): steps 0–3 of every business type
 * (revocations 1–5, with the certificate's detail), as three regions that run side by side:
 *
 * - `step`: where the user is. Leaving step 0 needs a subject (unless the enterprise itself is
 *   the subject) and a passed pre-check; leaving the form needs the form valid; leaving the
 *   materials needs every upload settled. BACK always goes one step back; a refusal that names a
 *   field sends the user to the field's step (GOTO.<step>).
 * - `precheck`: the server's pre-check of the chosen subject (SPEC 5): idle → checking → passed,
 *   or refused with the rule's code and words. An answer to a question no longer asked is ignored.
 * - `request`: saving and submitting. Save works at any step (the first save creates the draft,
 *   after which the subject is fixed); submit only from the summary, after a passed check, and
 *   ends the wizard. A saved draft opened again starts by loading.
 *
 * The machine does no I/O: the page sends the server's answers back as events (CHECK.ANSWER,
 * SAVED, SUBMITTED, …), so every path is testable without a server.
 */
import { produce } from 'immer';
import { and, assign, setup, stateIn, type SnapshotFrom } from 'xstate';
import {
  BUSINESS_ROUTES,
  wizardStepsOf,
  type BusinessType,
  type SubjectTarget,
  type WizardStep,
} from './businessTypes.js';

/** The chosen person or certificate: ids for the server, a key to match answers, and what the page shows. */
export interface WizardSubject {
  key: string;
  personId: number | null;
  certificateId: number | null;
  /** Shown as it came (name, masked ID number, certificate number …); the machine never reads it. */
  display: Record<string, string | number | null>;
}

export interface WizardDraft {
  id: number;
  version: number;
  applyNo: string;
}

export type FormValues = Record<string, unknown>;

export type PrecheckAnswer =
  | { passed: true; facts: Record<string, unknown>; warn: string | null }
  | { passed: false; code: number | null; message: string };

export interface WizardError {
  message: string;
  /** The field the server named, if any. */
  field: string | null;
}

export interface ApplyWizardContext {
  type: BusinessType;
  target: SubjectTarget;
  steps: WizardStep[];
  /** The draft being continued (set by the first save, or loaded). */
  draftId: number | null;
  draft: WizardDraft | null;
  subject: WizardSubject | null;
  /** The form's values, as the type's fields name them (nested values kept as they are). */
  form: FormValues;
  facts: Record<string, unknown> | null;
  warn: string | null;
  refusal: { code: number | null; message: string } | null;
  materials: { done: number; uploading: number; failed: number };
  /** The comment that sent a draft back (补正, declined by the holder). */
  lastComment: string | null;
  error: WizardError | null;
  loadError: string | null;
}

export interface ApplyWizardInput {
  type: BusinessType;
  /** A saved draft to continue; absent for a new application. */
  draftId?: number | null;
}

export type ApplyWizardEvent =
  | { type: 'LOADED'; draft: WizardDraft; subject: WizardSubject | null; form: FormValues; lastComment: string | null }
  | { type: 'LOAD.FAILED'; message: string }
  | { type: 'CHOOSE'; subject: WizardSubject }
  | { type: 'FORM.CHANGED'; changed: FormValues }
  | { type: 'CHECK' }
  /** The answer to the question asked when `questionKey` (see questionKey()) was current. */
  | { type: 'CHECK.ANSWER'; questionKey: string; answer: PrecheckAnswer }
  | { type: 'NEXT'; valid: boolean }
  | { type: 'BACK' }
  | { type: 'GOTO.subject' }
  | { type: 'GOTO.detail' }
  | { type: 'GOTO.form' }
  | { type: 'GOTO.materials' }
  | { type: 'MATERIALS'; done: number; uploading: number; failed: number }
  | { type: 'SAVE' }
  | { type: 'SAVED'; draft: WizardDraft }
  | { type: 'SAVE.FAILED'; error: WizardError }
  | { type: 'SUBMIT' }
  | { type: 'SUBMITTED' }
  | { type: 'SUBMIT.FAILED'; error: WizardError };

/** The step-0 form fields that the pre-check reads (newCert checks a category and position). */
export const CHECK_PARAMS: Partial<Record<BusinessType, readonly string[]>> = { newCert: ['category', 'position'] };

const filled = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * What the pre-check is asked about: the subject, and for newCert the category and position. An
 * answer carries the key of its question; one about an earlier question is ignored.
 */
export function questionKey(context: Pick<ApplyWizardContext, 'type' | 'subject' | 'form'>): string {
  const params = (CHECK_PARAMS[context.type] ?? []).map((k) => String(context.form[k] ?? ''));
  return [context.subject?.key ?? '-', ...params].join('|');
}

export const applyWizardMachine = setup({
  types: {
    context: {} as ApplyWizardContext,
    events: {} as ApplyWizardEvent,
    input: {} as ApplyWizardInput,
  },
  actions: {
    rememberSubject: assign(({ context, event }) =>
      event.type === 'CHOOSE'
        ? produce(context, (c) => {
            c.subject = event.subject;
            c.facts = null;
            c.refusal = null;
            c.warn = null;
            c.error = null;
          })
        : context,
    ),
    mergeForm: assign(({ context, event }) =>
      event.type === 'FORM.CHANGED'
        ? produce(context, (c) => {
            Object.assign(c.form, event.changed);
          })
        : context,
    ),
    forgetAnswer: assign(({ context }) =>
      produce(context, (c) => {
        c.facts = null;
        c.refusal = null;
        c.warn = null;
      }),
    ),
    rememberPass: assign(({ context, event }) =>
      event.type === 'CHECK.ANSWER' && event.answer.passed
        ? produce(context, (c) => {
            if (event.answer.passed) {
              c.facts = event.answer.facts;
              c.warn = event.answer.warn;
            }
            c.refusal = null;
          })
        : context,
    ),
    rememberRefusal: assign(({ context, event }) =>
      event.type === 'CHECK.ANSWER' && !event.answer.passed
        ? produce(context, (c) => {
            if (!event.answer.passed) c.refusal = { code: event.answer.code, message: event.answer.message };
            c.facts = null;
          })
        : context,
    ),
    rememberMaterials: assign(({ context, event }) =>
      event.type === 'MATERIALS'
        ? produce(context, (c) => {
            c.materials = { done: event.done, uploading: event.uploading, failed: event.failed };
          })
        : context,
    ),
    rememberDraft: assign(({ context, event }) =>
      event.type === 'SAVED'
        ? produce(context, (c) => {
            c.draft = event.draft;
            c.draftId = event.draft.id;
            c.error = null;
          })
        : context,
    ),
    rememberLoaded: assign(({ context, event }) =>
      event.type === 'LOADED'
        ? produce(context, (c) => {
            c.draft = event.draft;
            c.draftId = event.draft.id;
            c.subject = event.subject;
            c.form = event.form;
            c.lastComment = event.lastComment;
          })
        : context,
    ),
    rememberLoadError: assign(({ event }) => (event.type === 'LOAD.FAILED' ? { loadError: event.message } : {})),
    rememberError: assign(({ event }) =>
      event.type === 'SAVE.FAILED' || event.type === 'SUBMIT.FAILED' ? { error: event.error } : {},
    ),
    clearError: assign({ error: null }),
  },
  guards: {
    isContinuingADraft: ({ context }) => context.draftId !== null,
    isSubjectFree: ({ context }) => context.draftId === null,
    needsNoSubject: ({ context }) => context.target === 'enterprise',
    hasSubject: ({ context }) => context.target === 'enterprise' || context.subject !== null,
    hasCheckParams: ({ context, event }) => {
      const form = event.type === 'FORM.CHANGED' ? { ...context.form, ...event.changed } : context.form;
      return (CHECK_PARAMS[context.type] ?? []).every((k) => filled(form[k]));
    },
    changesCheckParams: ({ context, event }) =>
      event.type === 'FORM.CHANGED' && (CHECK_PARAMS[context.type] ?? []).some((k) => k in event.changed),
    isAnswerToTheQuestion: ({ context, event }) =>
      event.type === 'CHECK.ANSWER' && event.questionKey === questionKey(context),
    isPassed: ({ event }) => event.type === 'CHECK.ANSWER' && event.answer.passed,
    isPrecheckPassed: stateIn({ precheck: 'passed' }),
    isFormValid: ({ event }) => event.type === 'NEXT' && event.valid,
    areMaterialsSettled: ({ context }) => context.materials.uploading === 0 && context.materials.failed === 0,
    hasDetailStep: ({ context }) => context.steps.includes('detail'),
    isOnSummary: stateIn({ step: 'summary' }),
  },
}).createMachine({
  id: 'applyWizard',
  description:
    "The enterprise's apply wizard (steps 0–3, revocations 1–5): where the user is, the pre-check of the chosen subject, " +
    "and saving/submitting run side by side. No I/O: the page sends the server's answers as events.",
  type: 'parallel',
  context: ({ input }) => ({
    type: input.type,
    target: BUSINESS_ROUTES[input.type].target,
    steps: wizardStepsOf(input.type),
    draftId: input.draftId ?? null,
    draft: null,
    subject: null,
    form: {},
    facts: null,
    warn: null,
    refusal: null,
    materials: { done: 0, uploading: 0, failed: 0 },
    lastComment: null,
    error: null,
    loadError: null,
  }),
  // Targetless: a transition of the parallel root with a target would restart every region.
  on: { MATERIALS: { actions: 'rememberMaterials' } },
  states: {
    step: {
      description: 'Where the user is. Forward only past what the step needs; back always.',
      initial: 'subject',
      on: {
        'GOTO.subject': '.subject',
        'GOTO.detail': { guard: 'hasDetailStep', target: '.detail' },
        'GOTO.form': '.form',
        'GOTO.materials': '.materials',
      },
      states: {
        subject: {
          description:
            'Step 0: choose the person or certificate (rename: the enterprise itself); the pre-check must pass.',
          on: {
            NEXT: [
              { guard: and(['hasSubject', 'isPrecheckPassed', 'hasDetailStep']), target: 'detail' },
              { guard: and(['hasSubject', 'isPrecheckPassed']), target: 'form' },
            ],
          },
        },
        detail: {
          description: 'Revocations: the certificate as it stands.',
          on: { NEXT: 'form', BACK: 'subject' },
        },
        form: {
          description: "The type's own form; forward when the page found it valid.",
          on: {
            NEXT: { guard: 'isFormValid', target: 'materials' },
            BACK: [{ guard: 'hasDetailStep', target: 'detail' }, { target: 'subject' }],
          },
        },
        materials: {
          description: 'Uploads; forward when none is still uploading or failed.',
          on: { NEXT: { guard: 'areMaterialsSettled', target: 'summary' }, BACK: 'form' },
        },
        summary: {
          description: 'Everything once more; submit from here.',
          on: { BACK: 'materials' },
        },
      },
    },
    precheck: {
      description: "SPEC 5: code 0 with data passes; otherwise the rule's code and words.",
      initial: 'idle',
      on: {
        CHOOSE: [
          { guard: and(['isSubjectFree', 'hasCheckParams']), actions: 'rememberSubject', target: '.checking' },
          { guard: 'isSubjectFree', actions: 'rememberSubject', target: '.idle' },
        ],
        CHECK: { guard: and(['hasSubject', 'hasCheckParams']), actions: 'forgetAnswer', target: '.checking' },
        // The form lives here with the check that reads it: newCert's category and position are a new question.
        'FORM.CHANGED': [
          {
            guard: and(['changesCheckParams', 'hasSubject', 'hasCheckParams']),
            actions: 'mergeForm',
            target: '.checking',
          },
          { guard: 'changesCheckParams', actions: ['mergeForm', 'forgetAnswer'], target: '.idle' },
          { actions: 'mergeForm' },
        ],
      },
      states: {
        idle: { description: 'Nothing to check yet (no subject, or newCert without category and position).' },
        checking: {
          on: {
            'CHECK.ANSWER': [
              { guard: and(['isAnswerToTheQuestion', 'isPassed']), actions: 'rememberPass', target: 'passed' },
              { guard: 'isAnswerToTheQuestion', actions: 'rememberRefusal', target: 'refused' },
            ],
          },
        },
        refused: {
          description: 'A rule refused: its code (delay: SPEC 4 codes 1–9) and words; the wizard stops here.',
        },
        passed: { description: 'Code 0: the facts the rules read are shown, the wizard may go on.' },
      },
    },
    request: {
      description: 'Saving at any step, submitting from the summary; loading a draft first.',
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'isContinuingADraft', target: 'loading' }, { target: 'idle' }],
        },
        loading: {
          on: {
            LOADED: { actions: 'rememberLoaded', target: 'idle' },
            'LOAD.FAILED': { actions: 'rememberLoadError', target: 'loadFailed' },
          },
        },
        loadFailed: { description: 'The draft could not be read: only closing is left.' },
        idle: {
          on: {
            SAVE: { actions: 'clearError', target: 'saving' },
            SUBMIT: {
              guard: and(['isOnSummary', 'isPrecheckPassed', 'areMaterialsSettled']),
              actions: 'clearError',
              target: 'submitting',
            },
          },
        },
        saving: {
          on: {
            SAVED: { actions: 'rememberDraft', target: 'idle' },
            'SAVE.FAILED': { actions: 'rememberError', target: 'idle' },
          },
        },
        submitting: {
          description: 'The form is saved first (SAVED), then submitted.',
          on: {
            SAVED: { actions: 'rememberDraft' },
            SUBMITTED: 'submitted',
            'SUBMIT.FAILED': { actions: 'rememberError', target: 'idle' },
          },
        },
        submitted: { type: 'final', description: 'Handed to the workflow: the wizard closes.' },
      },
    },
  },
});

export type ApplyWizardSnapshot = SnapshotFrom<typeof applyWizardMachine>;

/** The step the user is on. */
export const currentStep = (s: ApplyWizardSnapshot): WizardStep => (s.value as { step: WizardStep }).step;

export type BlockReason = 'chooseSubject' | 'precheckPending' | 'precheckFailed' | 'materialsPending';

/** Why NEXT would do nothing on this step (form validity is the form's own to show), or null. */
export function blockReason(s: ApplyWizardSnapshot): BlockReason | null {
  const step = currentStep(s);
  if (step === 'subject') {
    if (s.context.target !== 'enterprise' && !s.context.subject) return 'chooseSubject';
    if (s.matches({ precheck: 'passed' })) return null;
    return s.matches({ precheck: 'refused' }) ? 'precheckFailed' : 'precheckPending';
  }
  if (step === 'materials' && !(s.context.materials.uploading === 0 && s.context.materials.failed === 0))
    return 'materialsPending';
  return null;
}

/** The machine answers whether SUBMIT would be taken now. */
export const canSubmit = (s: ApplyWizardSnapshot): boolean => s.can({ type: 'SUBMIT' });

/** The machine answers whether SAVE would be taken now. */
export const canSave = (s: ApplyWizardSnapshot): boolean => s.can({ type: 'SAVE' });

/** A request is under way (or the draft is loading): buttons wait. */
export const isBusy = (s: ApplyWizardSnapshot): boolean =>
  s.matches({ request: 'saving' }) || s.matches({ request: 'submitting' }) || s.matches({ request: 'loading' });

/** The subject is fixed once a draft exists. */
export const isSubjectLocked = (s: ApplyWizardSnapshot): boolean => s.context.draftId !== null;

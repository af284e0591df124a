/**
 * The pure parts of the apply wizard: which steps a business type has, what blocks leaving a step,
 * what the pre-check answer means (SPEC 5), how the form becomes the payload the server validates
 * (server/modules/business/payloads.ts), and where a field the server names lives in the wizard.
 */
import dayjs, { type Dayjs } from 'dayjs';
import { wizardStepsOf, type BusinessType, type SubjectTarget, type WizardStep } from '@machines/businessTypes';
import type { CheckAnswer, MaterialFile } from '@/services/business';

/** What the pre-check reads of an answer (the generated one; tests give only these fields). */
export type PrecheckAnswer = Pick<CheckAnswer, 'code' | 'data'> & Partial<Pick<CheckAnswer, 'errorMsg' | 'warnMsg'>>;

export type StepKey = WizardStep;
export type Target = SubjectTarget;

/** Certificate categories (cer_type) and the unclassified old C an arrival may bring. */
export const CATEGORIES = ['A', 'B', 'C1', 'C2', 'C3'] as const;
export const IN_PROVINCE_CATEGORIES = [...CATEGORIES, 'C'] as const;

/** Grounds of a revocation, in the server's codes (REVOCATION_REASONS); labels are in the locale. */
export const REVOCATION_REASON_CODES = ['1', '2', '3', '4', '5', '9'] as const;

/** The payload keys of each type, exactly the fields of the server's PAYLOADS schemas. */
export const PAYLOAD_FIELDS: Record<BusinessType, readonly string[]> = {
  newCert: ['category', 'position', 'remark', 'materials'],
  delay: ['remark', 'materials'],
  inner: ['position', 'remark', 'materials'],
  inProvince: [
    'originalCertNo',
    'originalProvince',
    'category',
    'issueDate',
    'expiryDate',
    'position',
    'remark',
    'materials',
  ],
  outProvince: ['targetProvince', 'reason', 'remark', 'materials'],
  modify: [
    'name',
    'idNo',
    'sex',
    'position',
    'title',
    'education',
    'lostReissue',
    'noticeRef',
    'reason',
    'remark',
    'materials',
  ],
  revocation: ['reason', 'remark', 'materials'],
  personRevocation: ['reason', 'remark', 'materials'],
  rename: ['newName', 'newLegalRepresentative', 'revokeOldLegalRepA', 'remark', 'materials'],
};

/** Date fields (DatePicker in the form, YYYY-MM-DD in the payload). */
const DATE_FIELDS = new Set(['issueDate', 'expiryDate']);
/** Switches (always sent, false when untouched). */
const BOOLEAN_FIELDS = new Set(['lostReissue', 'revokeOldLegalRepA']);

/** newCert chooses its category and position in step 0, next to the person. */
const SUBJECT_FIELDS: Partial<Record<BusinessType, readonly string[]>> = { newCert: ['category', 'position'] };

/** The form fields shown (and validated) on a step. */
export function fieldsOfStep(type: BusinessType, step: StepKey): string[] {
  const subject = SUBJECT_FIELDS[type] ?? [];
  if (step === 'subject') return [...subject];
  if (step === 'materials') return ['materials'];
  if (step === 'form') return PAYLOAD_FIELDS[type].filter((f) => f !== 'materials' && !subject.includes(f));
  return [];
}

export type PrecheckStatus = 'idle' | 'checking' | 'ok' | 'error';

export type PrecheckOutcome =
  | { ok: true; facts: Record<string, unknown>; warn: string | null }
  | { ok: false; message: string; code: number | null };

/**
 * SPEC 5: the check succeeds only when code is 0 and data is present; otherwise its message is
 * errorMsg, else warnMsg, else the default (校验失败). With `formLater` (a saved draft checked by
 * its id), a complaint about the form itself (rule 20) is for steps 1–2, as the server does for a
 * choice not saved yet: the subject passed every rule before it.
 */
export function precheckOutcome(
  answer: PrecheckAnswer | null | undefined,
  fallback: string,
  opts: { formLater?: boolean } = {},
): PrecheckOutcome {
  if (answer && answer.code === 0 && answer.data !== null && answer.data !== undefined) {
    return { ok: true, facts: answer.data, warn: answer.warnMsg || null };
  }
  if (answer && opts.formLater && answer.code === FORM_RULE) {
    return { ok: true, facts: answer.data ?? {}, warn: answer.errorMsg || answer.warnMsg || null };
  }
  return {
    ok: false,
    message: answer?.errorMsg || answer?.warnMsg || fallback,
    code: answer && answer.code !== 0 ? answer.code : null,
  };
}

/**
 * A rule's refusal in the user's language: in zh-CN the server's own words (they carry details such as
 * the hours counted); elsewhere the rule's translated name, falling back to the server's words.
 */
export function ruleMessage(
  code: number | null,
  serverMessage: string,
  language: string,
  translate: (key: string, fallback: string) => string,
): string {
  if (code === null || language === 'zh-CN') return serverMessage;
  return translate(`rules.${code}`, serverMessage);
}

/** The server's rule number for "the form is incomplete or wrong" (server/modules/business/rules.ts RULE.payload). */
export const FORM_RULE = 20;

/** An uploaded material as the form keeps it (antd Upload's file list item). */
export interface MaterialItem {
  uid: string;
  name: string;
  status?: 'uploading' | 'done' | 'error' | 'removed';
  size?: number;
  type?: string;
  response?: { ossId?: number } | unknown;
}

/** The ossId of an upload that finished, else null. */
export function ossIdOf(item: MaterialItem): number | null {
  if (item.status && item.status !== 'done') return null;
  const r = item.response as { ossId?: unknown } | undefined;
  return r && typeof r.ossId === 'number' && r.ossId > 0 ? r.ossId : null;
}

export type FormValues = Record<string, unknown>;

const isDayjs = (v: unknown): v is Dayjs => dayjs.isDayjs(v);

/**
 * The payload of a type from the form's values: only the type's fields, text trimmed, empty
 * values left out (a draft may be saved at any step), dates as YYYY-MM-DD, materials as the ids
 * of finished uploads, switches as booleans.
 */
export function buildPayload(type: BusinessType, values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of PAYLOAD_FIELDS[type]) {
    const v = values[key];
    if (key === 'materials') {
      out.materials = Array.isArray(v)
        ? (v as MaterialItem[]).map(ossIdOf).filter((id): id is number => id !== null)
        : [];
      continue;
    }
    if (BOOLEAN_FIELDS.has(key)) {
      out[key] = v === true;
      continue;
    }
    if (v === undefined || v === null) continue;
    if (DATE_FIELDS.has(key)) {
      const d = isDayjs(v) ? v : typeof v === 'string' && v ? dayjs(v) : null;
      if (d && d.isValid()) out[key] = d.format('YYYY-MM-DD');
      continue;
    }
    if (typeof v === 'string') {
      const s = v.trim();
      if (s) out[key] = s;
      continue;
    }
    if (typeof v === 'number') out[key] = String(v);
  }
  return out;
}

/** The form's values from a saved draft's payload and materials (the reverse of buildPayload). */
export function toFormValues(
  type: BusinessType,
  payload: Record<string, unknown>,
  materials: readonly MaterialFile[],
): FormValues {
  const out: FormValues = {};
  for (const key of PAYLOAD_FIELDS[type]) {
    const v = payload[key];
    if (key === 'materials') continue;
    if (v === undefined || v === null) continue;
    out[key] = DATE_FIELDS.has(key) && typeof v === 'string' ? dayjs(v) : v;
  }
  out.materials = materials.map(
    (m) =>
      ({
        uid: `oss-${m.ossId}`,
        name: m.originalName,
        status: 'done',
        size: m.size,
        type: m.mimeType,
        response: { ossId: m.ossId },
      }) satisfies MaterialItem,
  );
  return out;
}

/**
 * Where a field named by the server lives: 'payload.x' and 'x' are the form field x; personId and
 * certificateId are the subject. Null when the wizard has no such field.
 */
export function locateField(
  type: BusinessType,
  field: string | null | undefined,
): { name: string | null; step: StepKey } | null {
  if (!field) return null;
  const name = field.replace(/^payload\./, '').split('.')[0]!;
  if (name === 'personId' || name === 'certificateId') return { name: null, step: 'subject' };
  for (const step of wizardStepsOf(type)) {
    if (fieldsOfStep(type, step).includes(name)) return { name, step };
  }
  return null;
}

/** The i18n key (namespace business) of a payload field's label: the same key means different things per type. */
export function fieldLabelKey(type: BusinessType, key: string): string {
  const special: Partial<Record<BusinessType, Record<string, string>>> = {
    modify: { name: 'newName', idNo: 'newIdNo', position: 'newPosition', reason: 'reasonModify' },
    inner: { position: 'newPosition' },
    outProvince: { reason: 'reasonOut' },
    revocation: { reason: 'reasonRevocation' },
    personRevocation: { reason: 'reasonRevocation' },
    rename: { newName: 'newEnterpriseName' },
  };
  return `field.${special[type]?.[key] ?? key}`;
}

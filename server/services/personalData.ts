/**
 * Personal data (identity numbers, phones, birth dates) leaves the server masked, in lists and in
 * detail views alike (issue #47 item 4). A detail view says which values the caller's duty allows
 * him to see (a reviewer deciding on the case, the employer filing for its employee, an
 * administrator correcting the record): `personalDataOf` answers the masked values with that
 * offer, and a click on the page asks the reveal call of that kind of datum
 * (server/modules/personalData), which checks the duty again, hands over the one value and writes
 * who saw whose data, which field, why, where and through which record into
 * `personal_data_access` (read by the audit administrator). A holder seeing their own data is not
 * an access to someone else's: it is shown in full and not logged. Documents that must carry the
 * real number (a certificate PDF) log each copy made for someone else (`recordAccess`).
 */
import type { AuthUser } from '../lib/authUser.js';
import type { DbOrTx } from '../db/client.js';
import { personalDataAccess } from '../db/schema.js';
import { currentRequest } from '../lib/requestScope.js';

/** 440***********1234: the first 3 and last 4 characters, the rest hidden. */
export function maskIdNo(idNo: string): string;
export function maskIdNo(idNo: string | null | undefined): string | null;
export function maskIdNo(idNo: string | null | undefined): string | null {
  if (idNo === null || idNo === undefined) return null;
  if (idNo.length <= 7) return idNo ? `${idNo.slice(0, 1)}${'*'.repeat(idNo.length - 1)}` : idNo;
  return `${idNo.slice(0, 3)}${'*'.repeat(idNo.length - 7)}${idNo.slice(-4)}`;
}

/** 138****0001 (a mobile); other numbers keep their first 3 and last 2 characters. */
export function maskPhone(phone: string): string;
export function maskPhone(phone: string | null | undefined): string | null;
export function maskPhone(phone: string | null | undefined): string | null {
  if (phone === null || phone === undefined || phone === '') return phone ?? null;
  if (/^1\d{10}$/.test(phone)) return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  if (phone.length <= 5) return '*'.repeat(phone.length);
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 5)}${phone.slice(-2)}`;
}

/** 1985-**-**: the year stays (age ranges), the day that is part of the identity number does not. */
export function maskBirthDate(birthDate: string): string;
export function maskBirthDate(birthDate: string | null | undefined): string | null;
export function maskBirthDate(birthDate: string | null | undefined): string | null {
  if (!birthDate) return birthDate ?? null;
  return `${birthDate.slice(0, 4)}-**-**`;
}

export const PERSONAL_FIELDS = ['idNo', 'phone', 'birthDate'] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];

export interface PersonalValues {
  idNo?: string | null;
  phone?: string | null;
  birthDate?: string | null;
}

/** Keys that hold an ID number or a phone wherever they sit in a stored document (an outbox payload, rule facts). */
const ID_KEYS = /^(idNo|holderIdNo|agentIdentityNo)$/;
const PHONE_KEYS = /^(phone|holderPhone|contactPhone)$/;

/**
 * A stored JSON document as it may leave the server: every ID number and phone in it masked, at any
 * depth. For documents kept whole for another system (the national platform's payload) or for the
 * record (the facts a rule checked; older history rows kept them unmasked), whose readers here have
 * no duty to the full numbers.
 */
export function maskedDocument<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => maskedDocument(v)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] =
      typeof v === 'string' && ID_KEYS.test(k)
        ? maskIdNo(v)
        : typeof v === 'string' && PHONE_KEYS.test(k)
          ? maskPhone(v)
          : maskedDocument(v);
  }
  return out as T;
}

/** The values masked, field by field. */
export function masked<T extends PersonalValues>(values: T): T {
  const out: T = { ...values };
  if ('idNo' in values) out.idNo = maskIdNo(values.idNo);
  if ('phone' in values) out.phone = maskPhone(values.phone);
  if ('birthDate' in values) out.birthDate = maskBirthDate(values.birthDate);
  return out;
}

/** Why a caller may see someone's real data here: a named duty, or null (masked). */
export type Duty =
  | 'self'
  | 'review'
  | 'employer'
  | 'admin:person'
  | 'admin:user'
  | 'certificate:staff'
  | 'certificate:pdf'
  | 'search:staff'
  | null;

export interface Subject {
  personId?: number | null;
  userId?: number | null;
  name?: string | null;
}

/** The records through which a person's data is reached; each has its own duty check (server/modules/personalData/sources.ts). */
export const REVEAL_SOURCES = [
  'application',
  'certificate',
  'staff',
  'person',
  'user',
  'examSignup',
  'punishment',
] as const;
export type RevealSource = (typeof REVEAL_SOURCES)[number];

/** What a detail view offers to reveal: the record, and the fields the caller's duty covers (empty: none). */
export interface RevealOffer {
  source: RevealSource;
  id: number;
  fields: PersonalField[];
}

/** A person's three values as a person row holds them. */
export interface PersonValues extends PersonalValues {
  idNo: string;
  birthDate: string;
  phone: string | null;
}

/** Whose data a record holds, why (or whether) this caller may see it, and the real values. */
export interface Revealable<T extends PersonalValues = PersonalValues> {
  subject: Subject;
  duty: Duty;
  values: T;
}

/**
 * The values a detail view answers: masked (the holder's own in full), with the offer of the fields
 * the caller may reveal by a click. Nothing is logged: nothing real left the server.
 */
export function personalDataOf<T extends PersonalValues>(
  r: Revealable<T>,
  source: RevealSource,
  id: number,
): { values: T; offer: RevealOffer } {
  if (r.duty === 'self') return { values: r.values, offer: { source, id, fields: [] } };
  const fields = r.duty ? PERSONAL_FIELDS.filter((f) => f in r.values && r.values[f]) : [];
  return { values: masked(r.values), offer: { source, id, fields } };
}

/**
 * One real value for a caller whose duty covers it, logged with the record it was reached through;
 * null when the record holds none. The caller of this has checked the duty (403 otherwise).
 */
export async function revealField(
  db: DbOrTx,
  viewer: AuthUser,
  r: Revealable,
  field: PersonalField,
  via: string,
): Promise<string | null> {
  const value = r.values[field] ?? null;
  if (value && r.duty) await recordAccess(db, viewer, r.subject, r.duty, [field], via);
  return value;
}

/** Writes one access row: `viewer` saw `fields` of `subject` for `purpose` (a PDF, an export with real values). */
export async function recordAccess(
  db: DbOrTx,
  viewer: AuthUser,
  subject: Subject,
  purpose: Exclude<Duty, null>,
  fields: readonly PersonalField[],
  via?: string,
): Promise<void> {
  if (purpose === 'self') return;
  const { route, ip } = currentRequest();
  await db.insert(personalDataAccess).values({
    userId: viewer.userId,
    userName: viewer.userName,
    personId: subject.personId ?? null,
    subjectUserId: subject.userId ?? null,
    subjectName: subject.name?.slice(0, 64) ?? null,
    fields: fields.join(','),
    purpose,
    route: route.slice(0, 200),
    ip: ip.slice(0, 64) || null,
    via: via?.slice(0, 64) ?? null,
  });
}

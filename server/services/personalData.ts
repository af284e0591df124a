/**
 * Personal data (identity numbers, phones, birth dates) leaves the server masked. A detail view
 * whose caller's duty needs the real values (a reviewer deciding on the case, the employer filing
 * for its employee, an administrator correcting the record) asks `reveal`, which hands them over
 * and writes who saw whose data, which fields, why and where into `personal_data_access`. A holder
 * seeing their own data is not an access to someone else's and is not logged.
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

export type PersonalField = 'idNo' | 'phone' | 'birthDate';

export interface PersonalValues {
  idNo?: string | null;
  phone?: string | null;
  birthDate?: string | null;
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
export type Duty = 'self' | 'review' | 'employer' | 'admin:person' | 'admin:user' | 'certificate:staff' | 'certificate:pdf' | 'search:staff' | null;

export interface Subject {
  personId?: number | null;
  userId?: number | null;
  name?: string | null;
}

/**
 * The values as the caller may see them: real when `duty` allows, masked otherwise. A real view of
 * somebody else's data is logged (in the caller's transaction when `db` is one).
 */
export async function reveal<T extends PersonalValues>(db: DbOrTx, viewer: AuthUser, subject: Subject, duty: Duty, values: T): Promise<T> {
  if (!duty) return masked(values);
  if (duty === 'self') return values;
  const fields = (['idNo', 'phone', 'birthDate'] as const).filter((f) => values[f]);
  if (fields.length > 0) await recordAccess(db, viewer, subject, duty, fields);
  return values;
}

/** Writes one access row: `viewer` saw `fields` of `subject` for `purpose` (a PDF, an export with real values). */
export async function recordAccess(db: DbOrTx, viewer: AuthUser, subject: Subject, purpose: Exclude<Duty, null>, fields: readonly PersonalField[]): Promise<void> {
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
  });
}

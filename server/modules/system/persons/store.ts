/** The person register's SQL: person rows with their employer, and what still points at a person. */
import { and, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { application, certificate, enterprise, person, sysUser } from '../../../db/schema.js';
import type { PageQuery } from '../../../lib/reply.js';
import { dateRange } from '../../../lib/dateRange.js';
import { listOrder } from '../../../lib/listQuery.js';
import { containsPattern } from '../../../lib/textMatch.js';

/** The filters of the list and the export. */
export interface PersonFilter {
  name?: string;
  idNo?: string;
  sex?: string;
  education?: string;
  phone?: string;
  employer?: string;
  employStatus?: string;
  beginTime?: string;
  endTime?: string;
}

/** The columns the form writes. */
export type PersonValues = Omit<typeof person.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const selectRow = {
  id: person.id,
  name: person.name,
  sex: person.sex,
  idType: person.idType,
  idNo: person.idNo,
  birthDate: person.birthDate,
  education: person.education,
  title: person.title,
  phone: person.phone,
  enterpriseId: person.enterpriseId,
  employer: enterprise.name,
  employStatus: person.employStatus,
  createdAt: person.createdAt,
  updatedAt: person.updatedAt,
};

const SORTABLE = {
  id: person.id,
  name: person.name,
  birthDate: person.birthDate,
  createdAt: person.createdAt,
  updatedAt: person.updatedAt,
};

function personWhere(q: PersonFilter): SQL | undefined {
  const w: SQL[] = [];
  if (q.name) w.push(ilike(person.name, containsPattern(q.name)));
  if (q.idNo) w.push(ilike(person.idNo, containsPattern(q.idNo.toUpperCase())));
  if (q.sex) w.push(eq(person.sex, q.sex));
  if (q.education) w.push(eq(person.education, q.education));
  if (q.phone) w.push(ilike(person.phone, containsPattern(q.phone)));
  if (q.employer) w.push(ilike(enterprise.name, containsPattern(q.employer)));
  if (q.employStatus) w.push(eq(person.employStatus, q.employStatus));
  w.push(...dateRange(person.createdAt, q.beginTime, q.endTime));
  return w.length ? and(...w) : undefined;
}

const personLines = (db: DbOrTx) =>
  db.select(selectRow).from(person).leftJoin(enterprise, eq(enterprise.id, person.enterpriseId));

/** One page of persons with their employer and the count of all that match. */
export async function personPage(db: DbOrTx, q: PageQuery & PersonFilter) {
  const cond = personWhere(q);
  const [{ total }] = await db
    .select({ total: count() })
    .from(person)
    .leftJoin(enterprise, eq(enterprise.id, person.enterpriseId))
    .where(cond);
  const rows = await personLines(db)
    .where(cond)
    .orderBy(...listOrder(q.sortField, q.sortOrder, SORTABLE, [desc(person.createdAt), desc(person.id)]))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows, total };
}

/** A batch of the export, newest id first. */
export async function personExportBatch(db: DbOrTx, q: PersonFilter, offset: number, limit: number) {
  return personLines(db).where(personWhere(q)).orderBy(desc(person.id)).limit(limit).offset(offset);
}

export type PersonLine = Awaited<ReturnType<typeof personExportBatch>>[number];

/** One person with their employer, if any. */
export async function personLineById(db: DbOrTx, id: number): Promise<PersonLine | undefined> {
  const [row] = await personLines(db).where(eq(person.id, id));
  return row;
}

/** The first 20 enterprises by name whose name or credit code holds the keyword. */
export async function enterpriseOptions(db: DbOrTx, keyword: string | undefined) {
  return db
    .select({ id: enterprise.id, name: enterprise.name, creditCode: enterprise.creditCode })
    .from(enterprise)
    .where(
      keyword
        ? or(ilike(enterprise.name, containsPattern(keyword)), ilike(enterprise.creditCode, containsPattern(keyword)))
        : undefined,
    )
    .orderBy(enterprise.name)
    .limit(20);
}

/** Whether another person (not `exceptId`) has this identity document. */
export async function idDocumentTaken(db: DbOrTx, idType: string, idNo: string, exceptId?: number): Promise<boolean> {
  const [dup] = await db
    .select({ id: person.id })
    .from(person)
    .where(and(eq(person.idType, idType), eq(person.idNo, idNo), exceptId ? ne(person.id, exceptId) : undefined));
  return dup !== undefined;
}

/** Whether an enterprise of this id exists. */
export async function enterpriseExists(db: DbOrTx, enterpriseId: number): Promise<boolean> {
  const [ent] = await db.select({ id: enterprise.id }).from(enterprise).where(eq(enterprise.id, enterpriseId));
  return ent !== undefined;
}

/** Inserts a person; their id. */
export async function insertPerson(db: DbOrTx, values: PersonValues): Promise<number> {
  const [row] = await db.insert(person).values(values).returning({ id: person.id });
  return row!.id;
}

/** The values the detail shows masked, of one person, if any. */
export async function personMaskedValues(db: DbOrTx, id: number) {
  const [old] = await db
    .select({ id: person.id, idNo: person.idNo, birthDate: person.birthDate, phone: person.phone })
    .from(person)
    .where(eq(person.id, id));
  return old;
}

/** Updates a person's columns. */
export async function updatePersonRow(db: DbOrTx, id: number, values: PersonValues): Promise<void> {
  await db
    .update(person)
    .set({ ...values })
    .where(eq(person.id, id));
}

/** The id and name of each of the persons that exist. */
export async function personNames(db: DbOrTx, ids: readonly number[]) {
  return db
    .select({ id: person.id, name: person.name })
    .from(person)
    .where(inArray(person.id, [...ids]));
}

/** The rows that keep a person: certificates, applications, user accounts. */
export const PERSON_HOLDERS = {
  certificate: certificate.personId,
  application: application.personId,
  user: sysUser.personId,
} as const;

/** One of the persons a row of that kind points at, or null. */
export async function heldPerson(
  db: DbOrTx,
  holder: keyof typeof PERSON_HOLDERS,
  ids: readonly number[],
): Promise<number | null> {
  const ref = PERSON_HOLDERS[holder];
  const hit = await db
    .select({ personId: ref })
    .from(ref.table)
    .where(inArray(ref, [...ids]))
    .limit(1);
  return hit[0]?.personId ?? null;
}

/** Deletes the persons. */
export async function deletePersons(db: DbOrTx, ids: readonly number[]): Promise<void> {
  await db.delete(person).where(inArray(person.id, [...ids]));
}

/** The public calls' rows: dictionary labels, certificates by query code or by card, check records, published notices. */
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { certCheckRecord, certificate, nationalOutbox, person, sysDictData, sysNotice } from '../../db/schema.js';
import { readShown, type ShownSource } from '../certificate/shown.js';

/** A dictionary value's label (the value itself when the dictionary has no such entry). */
export async function dictLabelOf(db: DbOrTx, dictType: string, value: string): Promise<string> {
  const [row] = await db
    .select({ label: sysDictData.dictLabel })
    .from(sysDictData)
    .where(and(eq(sysDictData.dictType, dictType), eq(sysDictData.dictValue, value)));
  return row?.label ?? value;
}

/** The certificate with this query code as shown (certificate/shown.ts), or undefined. */
export async function shownByQueryCode(db: DbOrTx, queryCode: string): Promise<ShownSource | undefined> {
  const [row] = await readShown(db, eq(certificate.queryCode, queryCode));
  return row;
}

/** The certificate with this id as shown (certificate/shown.ts), or undefined. */
export async function shownById(db: DbOrTx, id: number): Promise<ShownSource | undefined> {
  const [row] = await readShown(db, eq(certificate.id, id));
  return row;
}

/** What a public look-up is given: a certificate number, or the holder's identity number and name together. */
export type CardKey = { certNo: string } | { idNo: string; name: string };

/** The ids of at most `limit` certificates the key names (and `also` keeps), most recently changed first. */
async function idsByCard(db: DbOrTx, key: CardKey, also: SQL | undefined, limit: number): Promise<number[]> {
  const byKey =
    'certNo' in key ? eq(certificate.certNo, key.certNo) : and(eq(person.idNo, key.idNo), eq(person.name, key.name));
  const rows = await db
    .select({ id: certificate.id })
    .from(certificate)
    .innerJoin(person, eq(person.id, certificate.personId))
    .where(and(byKey, also))
    .orderBy(desc(certificate.updatedAt), desc(certificate.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** At most 20 certificate ids the card key names (the public look-ups find nothing without a whole key). */
export function certificateIdsByCard(db: DbOrTx, key: CardKey): Promise<number[]> {
  return idsByCard(db, key, undefined, 20);
}

/** At most `limit` certificates in `status` the card key names, as shown, most recently changed first. */
export async function certificatesByCardIn(
  db: DbOrTx,
  key: CardKey,
  status: string,
  limit: number,
): Promise<ShownSource[]> {
  const ids = await idsByCard(db, key, eq(certificate.status, status), limit);
  if (ids.length === 0) return [];
  const rows = await readShown(db, inArray(certificate.id, ids), limit);
  const rank = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => (rank.get(a.cert.id) ?? 0) - (rank.get(b.cert.id) ?? 0));
}

/** The transfer-out records the national platform outbox keeps for these certificates, newest first. */
export async function transferOutRecords(db: DbOrTx, certificateIds: readonly number[]) {
  if (certificateIds.length === 0) return [];
  return db
    .select({
      certificateId: nationalOutbox.certificateId,
      payload: nationalOutbox.payload,
      createdAt: nationalOutbox.createdAt,
    })
    .from(nationalOutbox)
    .where(and(eq(nationalOutbox.kind, 'transferOut'), inArray(nationalOutbox.certificateId, [...certificateIds])))
    .orderBy(desc(nationalOutbox.createdAt));
}

/** Writes check records (证书核验记录). */
export async function storeCheckRecords(db: DbOrTx, rows: (typeof certCheckRecord.$inferInsert)[]): Promise<void> {
  await db.insert(certCheckRecord).values(rows);
}

/** A page of the published notices, newest first, and how many there are. */
export async function publishedNoticesPage(db: DbOrTx, pageNum: number, pageSize: number) {
  const cond = eq(sysNotice.status, '1');
  const [{ total }] = await db.select({ total: count() }).from(sysNotice).where(cond);
  const rows = await db
    .select()
    .from(sysNotice)
    .where(cond)
    .orderBy(desc(sysNotice.createdAt), desc(sysNotice.noticeId))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  return { rows, total };
}

/**
 * Certificate numbers (DOMAIN.md): 粤建安 + category + （year） + 7-digit sequence restarting each year.
 * The sequence row is created from the highest number already issued that year and then incremented
 * with INSERT … ON CONFLICT DO UPDATE, which takes a row lock: concurrent closes queue on it, so a
 * number is never handed out twice (the unique index on cert_no is the last line of defence).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { certificate } from '../../db/schema.js';
import { formatCertNo, type CertCategory } from '../../db/seed/certNo.js';

export async function nextCertNo(tx: Tx, category: CertCategory, year: number): Promise<string> {
  const prefix = formatCertNo(category, year, 1).slice(0, -7);
  const result = await tx.execute(sql`
    insert into cert_no_sequence (category, year, last_value)
    values (${category}, ${year}, (select coalesce(max(right(cert_no, 7)::int), 0) + 1 from certificate where cert_no like ${prefix + '%'}))
    on conflict (category, year) do update set last_value = cert_no_sequence.last_value + 1
    returning last_value`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
    last_value: number | string;
  }>;
  return formatCertNo(category, year, Number(rows[0]!.last_value));
}

/** A fresh query code for the QR link /cert/:queryCode (URL-safe, 16 characters). */
export const newQueryCode = (): string => randomBytes(12).toString('base64url');

/** 生成证书查询码 GET /home/createQueryCode: a query code no certificate uses yet. */
export async function unusedQueryCode(db: DbOrTx): Promise<string> {
  for (;;) {
    const code = newQueryCode();
    const [taken] = await db
      .select({ id: certificate.id })
      .from(certificate)
      .where(eq(certificate.queryCode, code))
      .limit(1);
    if (!taken) return code;
  }
}

/** A dictionary's enabled entries as stored. */
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sysDictData } from '../../db/schema.js';

/** A dictionary type's enabled entries in display order. */
export async function enabledDictData(db: DbOrTx, dictType: string) {
  return db
    .select()
    .from(sysDictData)
    .where(and(eq(sysDictData.dictType, dictType), eq(sysDictData.status, '1')))
    .orderBy(asc(sysDictData.dictSort), asc(sysDictData.dictCode));
}

/**
 * The persons an import's rows name by identity number. The register is unique on (证件类型,
 * 证件号码) and the file gives only the number, so the look-up names every type the person
 * register accepts (the ent_id_type dictionary): with both columns given, the unique index answers
 * it, instead of a scan of a million persons per chunk of rows.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { person, sysDictData } from '../../db/schema.js';

export interface RegisteredPerson {
  id: number;
  name: string;
  idNo: string;
}

/** The seed's types, should the dictionary be emptied. */
const KNOWN_TYPES = ['111', '414', '516', '511', '999'];

export async function peopleByIdNo(tx: Tx, idNos: readonly string[]): Promise<RegisteredPerson[]> {
  if (idNos.length === 0) return [];
  const types = await tx.select({ value: sysDictData.dictValue }).from(sysDictData).where(eq(sysDictData.dictType, 'ent_id_type'));
  const idTypes = [...new Set([...KNOWN_TYPES, ...types.map((t) => t.value)])];
  return tx.select({ id: person.id, name: person.name, idNo: person.idNo }).from(person)
    .where(and(inArray(person.idType, idTypes), inArray(person.idNo, [...idNos])));
}

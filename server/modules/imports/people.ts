/**
 * The persons an import's rows name by identity number. The register is unique on (证件类型,
 * 证件号码) and the file gives only the number, so the look-up names every type the person
 * register accepts (the ent_id_type dictionary): with both columns given, the unique index answers
 * it, instead of a scan of a million persons per chunk of rows.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { person, sysDictData } from '../../db/schema.js';
import { sameName } from '../../lib/import/cells.js';
import { groupBy } from './scope.js';

export interface RegisteredPerson {
  id: number;
  name: string;
  idNo: string;
}

/** The seed's types, should the dictionary be emptied. */
const KNOWN_TYPES = ['111', '414', '516', '511', '999'];

export async function peopleByIdNo(tx: Tx, idNos: readonly string[]): Promise<RegisteredPerson[]> {
  if (idNos.length === 0) return [];
  const types = await tx
    .select({ value: sysDictData.dictValue })
    .from(sysDictData)
    .where(eq(sysDictData.dictType, 'ent_id_type'));
  const idTypes = [...new Set([...KNOWN_TYPES, ...types.map((t) => t.value)])];
  return tx
    .select({ id: person.id, name: person.name, idNo: person.idNo })
    .from(person)
    .where(and(inArray(person.idType, idTypes), inArray(person.idNo, [...idNos])));
}

/** A row's person, or which of its two columns does not match the register and why. */
export type PersonMatch = { person: RegisteredPerson } | { column: 'idNo' | 'name'; msg: string };

/**
 * Finds the person a row names by identity number and name (spaces in names ignored), for the rows
 * of one chunk: looked up once, then answered per row.
 */
export async function personFinder(
  tx: Tx,
  idNos: readonly string[],
): Promise<(idNo: string, name: string) => PersonMatch> {
  const byIdNo = groupBy(await peopleByIdNo(tx, [...new Set(idNos)]), (p) => p.idNo);
  return (idNo, name) => {
    const candidates = byIdNo.get(idNo) ?? [];
    if (candidates.length === 0) return { column: 'idNo', msg: '系统中没有该证件号码的人员' };
    const found = candidates.find((p) => sameName(p.name, name));
    return found ? { person: found } : { column: 'name', msg: '姓名与该证件号码登记的姓名不一致' };
  };
}

/** Dictionary labels of the coded certificate fields (cer_type, cert_status, position, sex), read per request. */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sysDictData } from '../../db/schema.js';

const TYPES = ['cer_type', 'cert_status', 'ministerial_position', 'sys_user_sex', 'ministerial_diploma', 'ministerial_title_rank'] as const;
export type LabelType = (typeof TYPES)[number];

export interface Labels {
  /** The label of a code, or the code itself when the dictionary lacks it. */
  of(type: LabelType, value: string | null | undefined): string;
}

/** The category's name without its code: 企业主要负责人（A类） → 企业主要负责人, …（综合类 C3） → …（综合类）. */
export const categoryName = (label: string) => label.replace(/（([^（）]*?)\s*[A-C]\d?类?）$/, (_m, kind: string) => (kind ? `（${kind}）` : ''));

export async function loadLabels(db: DbOrTx): Promise<Labels> {
  const rows = await db
    .select({ type: sysDictData.dictType, value: sysDictData.dictValue, label: sysDictData.dictLabel })
    .from(sysDictData)
    .where(inArray(sysDictData.dictType, [...TYPES]));
  const map = new Map(rows.map((r) => [`${r.type}\u0000${r.value}`, r.label]));
  return { of: (type, value) => (value === null || value === undefined || value === '' ? '' : map.get(`${type}\u0000${value}`) ?? value) };
}

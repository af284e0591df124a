/** Dictionary labels of the coded certificate fields (cer_type, cert_status, position, sex), kept per dictionaries' version. */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sysDictData } from '../../db/schema.js';
import { currentRequest, keptForDictionaries, type Language } from '../../lib/requestScope.js';

/**
 * A dictionary label in a language: in zh-CN the label itself (what the administrator last wrote;
 * the zh-CN entry of label_i18n is the seed's copy of it); else its translation when the
 * dictionary has one, else the Chinese label.
 */
export function localised(label: string, i18n: unknown, lang: Language): string {
  if (lang === 'zh-CN') return label;
  const t = i18n && typeof i18n === 'object' ? (i18n as Record<string, unknown>)[lang] : undefined;
  return typeof t === 'string' && t ? t : label;
}

const TYPES = [
  'cer_type',
  'cert_status',
  'ministerial_position',
  'sys_user_sex',
  'ministerial_diploma',
  'ministerial_title_rank',
] as const;
export type LabelType = (typeof TYPES)[number];

export interface Labels {
  /** The label of a code, or the code itself when the dictionary lacks it. */
  of(type: LabelType, value: string | null | undefined): string;
}

/** The category's name without its code: 企业主要负责人（A类） → 企业主要负责人, …（综合类 C3） → …（综合类）. */
export const categoryName = (label: string) =>
  label.replace(/（([^（）]*?)\s*[A-C]\d?类?）$/, (_m, kind: string) => (kind ? `（${kind}）` : ''));

/**
 * The labels in `lang` — by default the caller's language (what the page shows); the printed
 * certificate and the Excel exports, which are Chinese documents, ask for zh-CN.
 */
export async function loadLabels(db: DbOrTx, lang: Language = currentRequest().lang): Promise<Labels> {
  return keptForDictionaries(`labels:${lang}`, () => readLabels(db, lang));
}

async function readLabels(db: DbOrTx, lang: Language): Promise<Labels> {
  const rows = await db
    .select({
      type: sysDictData.dictType,
      value: sysDictData.dictValue,
      label: sysDictData.dictLabel,
      i18n: sysDictData.labelI18n,
    })
    .from(sysDictData)
    .where(inArray(sysDictData.dictType, [...TYPES]));
  const map = new Map(rows.map((r) => [`${r.type}\u0000${r.value}`, localised(r.label, r.i18n, lang)]));
  return {
    of: (type, value) =>
      value === null || value === undefined || value === '' ? '' : (map.get(`${type}\u0000${value}`) ?? value),
  };
}

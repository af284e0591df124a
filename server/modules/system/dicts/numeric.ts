/**
 * SPEC 3: most dictionary option values are numbers; positions, title rank, the three comment
 * lists, id type, affiliation, issuing authority, diploma and employment status stay strings (and
 * so do codes with letters or leading zeros). A type's existing rows decide for new values.
 */
import { DICTIONARIES } from '../../../db/seed/dictionaries.js';

export const SPEC_STRING_TYPES: ReadonlySet<string> = new Set([
  'ministerial_position',
  'ministerial_title_rank',
  'nonew_cert_comment',
  'no_agree_comment',
  'new_cert_comment',
  'ent_id_type',
  'affiliationRelation',
  'certificateIssuingAuthority',
  'ministerial_diploma',
  'emp_employStatus',
]);

/** The 19 dictionary types of SPEC 3: the product reads them, so they are never removed or renamed. */
export const BUILT_IN_TYPES: ReadonlySet<string> = new Set(DICTIONARIES.map((d) => d.dictType));

/** A plain number as the API would answer it: no leading zeros (01 is a code), no exponent. */
export const looksNumeric = (value: string) => /^-?(0|[1-9]\d*)(\.\d+)?$/.test(value);

/**
 * Whether values of `dictType` are answered as numbers: as its rows already are, else strings for
 * the SPEC 3 string types, else numbers when the first value is one.
 */
export function numericFor(dictType: string, existing: boolean | null, firstValue: string): boolean {
  if (existing !== null) return existing;
  if (SPEC_STRING_TYPES.has(dictType)) return false;
  return looksNumeric(firstValue);
}

/** The message for a value that does not fit a numeric dictionary, or null when it fits. */
export function valueProblem(dictType: string, numeric: boolean, value: string): string | null {
  if (numeric && !looksNumeric(value)) return `字典键值：字典「${dictType}」的选项值为数字，「${value}」不是数字`;
  return null;
}

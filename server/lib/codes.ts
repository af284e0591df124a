/**
 * Code columns (status '0'/'1', Y/N, notice types…) are plain varchar in the database, limited to a
 * few values by the write schemas. Answers declare them as z.enum so the typed client knows the
 * values; `storedCode` types a stored value as one of them. A value no API call writes is a broken
 * row: it fails here, as it would fail the response serializer.
 */
export function storedCode<const T extends readonly string[]>(values: T, value: string): T[number] {
  const found = values.find((v) => v === value);
  if (found === undefined) throw new Error(`stored code ${JSON.stringify(value)} is not one of ${values.join(', ')}`);
  return found;
}

/** The '1' normal / '0' disabled status of administration records (server/lib/status.ts). */
export const STATUS_CODES = ['0', '1'] as const;
/** Y / N flags (built-in, default). */
export const YES_NO = ['Y', 'N'] as const;
/** The data-scope areas of SPEC 6: '1' Guangzhou-type, '2' Shenzhen-type, '3' provincial centre. */
export const AREA_CODES = ['1', '2', '3'] as const;

/** storedCode for a nullable column. */
export function storedCodeOrNull<const T extends readonly string[]>(values: T, value: string | null): T[number] | null {
  return value === null ? null : storedCode(values, value);
}
/** sys_user_sex: '0' male, '1' female, '2' unknown. */
export const SEX_CODES = ['0', '1', '2'] as const;
/** Message types (sys_msg_info.msg_type). */
export const MSG_TYPES = ['systemType', 'supervisionType', 'warnType'] as const;
/** User types: 00 system, 02 centre staff, 03 enterprise, 04 individual. */
export const USER_TYPE_CODES = ['00', '02', '03', '04'] as const;

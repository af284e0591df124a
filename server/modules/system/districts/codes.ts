/** The `ids` parameter of the district calls: district codes, not numeric ids. */
import { z } from 'zod';

/** Splits "1,2,3" (or repeated params) into trimmed non-empty strings. */
const splitList = (v: string | string[]) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean);

/** District codes, 1 to 500, comma-separated or repeated. */
export const codesQuery = z.object({
  ids: z
    .union([z.string(), z.array(z.string())], { error: '参数 ids 不能为空' })
    .transform(splitList)
    .refine(
      (a) => a.length > 0 && a.length <= 500 && a.every((c) => /^\d{6,12}$/.test(c)),
      '参数 ids 应为以逗号分隔的行政区划代码（1 到 500 个）',
    ),
});

/** What certificates show as text, apart from drawing them: loading this loads no PDF library. */

/** A4 in PDF points. */
export const A4: [number, number] = [595.28, 841.89];

export const versionLabel = (version: number) => String(version).padStart(3, '0');
/** 2023-01-05 → 2023年01月05日 */
export const chineseDate = (date: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date.slice(0, 4)}年${date.slice(5, 7)}月${date.slice(8, 10)}日` : date;

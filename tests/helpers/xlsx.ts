/** Reading an Excel answer back: its header row and data rows. */
import ExcelJS from 'exceljs';

/**
 * A date cell as its stored value reads in the product's own words: a day 'YYYY-MM-DD', an instant
 * 'YYYY-MM-DD HH:mm:ss' (exceljs gives the cell's serial as the UTC Date of its wall time).
 */
function dateCellText(value: Date, numFmt: string | undefined): string {
  const iso = value.toISOString();
  return numFmt && /h/.test(numFmt) ? `${iso.slice(0, 10)} ${iso.slice(11, 19)}` : iso.slice(0, 10);
}

export async function readXlsx(body: Buffer): Promise<{ headers: string[]; rows: unknown[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const all: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) =>
    all.push(
      (row.values as unknown[])
        .slice(1)
        .map((v, i) => (v instanceof Date ? dateCellText(v, row.getCell(i + 1).numFmt) : v)),
    ),
  );
  return { headers: (all[0] ?? []).map(String), rows: all.slice(1) };
}

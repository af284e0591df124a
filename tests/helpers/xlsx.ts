/** Reading an Excel answer back: its header row and data rows. */
import ExcelJS from 'exceljs';

export async function readXlsx(body: Buffer): Promise<{ headers: string[]; rows: unknown[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const all: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => all.push((row.values as unknown[]).slice(1)));
  return { headers: (all[0] ?? []).map(String), rows: all.slice(1) };
}

/**
 * All-or-nothing import of an Excel file. The rows stream from the file in chunks; each row is
 * read (cells → values), checked for a duplicate earlier in the file, then each chunk is checked
 * against the database and — while no row so far was bad — written, all inside one transaction.
 * Any bad row rolls the whole transaction back and answers the per-row report: nothing is
 * written, not even the import's record. Writes are multi-row INSERTs that skip rows already
 * present (each kind says how), so the same file or the same rows again change nothing; an import
 * that would add nothing is rolled back too and says so.
 */
import { desc, and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { dataImport } from '../../db/schema.js';
import { AppError } from '../errors.js';
import { assertXlsxFile } from './xlsx-file.js';
import { sheetRows, type ImportColumn, type SheetRow } from './sheet.js';
import type { RowIssue } from './workbooks.js';
import type { ReceivedFile } from './upload.js';

export interface ParsedRow<P> {
  rowNumber: number;
  value: P;
}

export type RowParse<P> =
  | { ok: true; value: P /** The row's identity: two rows with one key are the same record. */; key: string }
  | { ok: false; issues: Omit<RowIssue, 'rowNumber'>[] };

export interface ChunkCheck<W> {
  issues: RowIssue[];
  /** Rows outside the caller's data scope: the file is refused with 403. */
  outOfScope: RowIssue[];
  /** What to write for the rows that passed. */
  writes: W[];
}

export interface ImportKind<P, W> {
  kind: 'exam' | 'education';
  columns: readonly ImportColumn[];
  /** The column a duplicate row is reported on. */
  keyField: string;
  /** Checks that need only the row itself. */
  parse(row: SheetRow): RowParse<P>;
  /** Checks of a chunk against the database (the caller's scope included). */
  check(tx: Tx, rows: readonly ParsedRow<P>[]): Promise<ChunkCheck<W>>;
  /** Writes a chunk; answers how many rows were new or changed. */
  write(tx: Tx, writes: readonly W[], importId: number): Promise<number>;
}

export interface ImportLimits {
  maxRows: number;
  /** Rows the sheet may list, empty ones included. */
  maxSheetRows: number;
  /** Problems listed in one report; past it the check stops. */
  maxIssues: number;
  chunkSize: number;
}

export const DEFAULT_LIMITS: ImportLimits = {
  maxRows: 100_000,
  maxSheetRows: 200_001,
  maxIssues: 2_000,
  chunkSize: 1_000,
};

export interface ImportSummary {
  /** The data_import row, or null when nothing was new. */
  importId: number | null;
  fileName: string;
  rows: number;
  written: number;
  /** Rows that were already there as they are. */
  unchanged: number;
  /** When the same file was imported before: that import. */
  previous: { id: number; createdAt: string } | null;
}

class Refused extends Error {
  constructor(
    readonly status: 400 | 403,
    readonly issues: RowIssue[],
    readonly badRows: number,
    readonly stopped: boolean,
  ) {
    super('refused');
  }
}
class NothingNew extends Error {
  constructor(readonly rows: number) {
    super('nothing new');
  }
}

/** Report order: by row, then by the column's place in the template. */
const reportOrder = (columns: readonly ImportColumn[]) => {
  const place = new Map(columns.map((c, i) => [c.header, i]));
  return (a: RowIssue, b: RowIssue) =>
    a.rowNumber - b.rowNumber || (place.get(a.field) ?? 99) - (place.get(b.field) ?? 99);
};

/** Runs an import of `file` as `createdBy`; throws the 400/403 with the report, or answers the summary. */
export async function runImport<P, W>(
  db: Db,
  kind: ImportKind<P, W>,
  file: ReceivedFile,
  createdBy: number,
  limits: ImportLimits = DEFAULT_LIMITS,
): Promise<ImportSummary> {
  const parts = await assertXlsxFile(file.path, file.size);
  const [previous] = await db
    .select({ id: dataImport.id, createdAt: dataImport.createdAt })
    .from(dataImport)
    .where(and(eq(dataImport.kind, kind.kind), eq(dataImport.sha256, file.sha256)))
    .orderBy(desc(dataImport.id))
    .limit(1);
  const earlier = previous ? { id: previous.id, createdAt: previous.createdAt.toISOString() } : null;
  try {
    return await db.transaction(async (tx) => {
      const [record] = await tx
        .insert(dataImport)
        .values({
          kind: kind.kind,
          fileName: file.fileName,
          sha256: file.sha256,
          rows: 0,
          written: 0,
          createdBy,
        })
        .returning({ id: dataImport.id });
      const importId = record!.id;
      const issues: RowIssue[] = [];
      const outOfScope: RowIssue[] = [];
      const badRows = new Set<number>();
      // First row of each record seen, by a prefix of its key (96 bits: no collision at 100k rows).
      const seen = new Map<string, number>();
      let rows = 0;
      let written = 0;
      let stopped = false;
      let chunk: ParsedRow<P>[] = [];
      const note = (issue: RowIssue) => {
        badRows.add(issue.rowNumber);
        if (issues.length + outOfScope.length < limits.maxIssues) issues.push(issue);
        else stopped = true;
      };
      const flush = async () => {
        if (chunk.length === 0) return;
        const result = await kind.check(tx, chunk);
        result.issues.forEach(note);
        for (const o of result.outOfScope) {
          badRows.add(o.rowNumber);
          if (issues.length + outOfScope.length < limits.maxIssues) outOfScope.push(o);
        }
        // Once any row is bad nothing will be kept: stop writing, keep checking for the report.
        if (badRows.size === 0 && result.writes.length) written += await kind.write(tx, result.writes, importId);
        chunk = [];
      };
      for await (const row of sheetRows(file.path, parts, kind.columns, {
        maxRows: limits.maxRows,
        maxSheetRows: limits.maxSheetRows,
      })) {
        rows += 1;
        const parsed = kind.parse(row);
        if (!parsed.ok) {
          for (const i of parsed.issues) note({ rowNumber: row.rowNumber, ...i });
        } else {
          const key = parsed.key.slice(0, 24);
          const first = seen.get(key);
          if (first !== undefined)
            note({
              rowNumber: row.rowNumber,
              field: kind.keyField,
              msg: `与第${first}行重复（同一条记录在文件中出现了两次）`,
            });
          else {
            seen.set(key, row.rowNumber);
            chunk.push({ rowNumber: row.rowNumber, value: parsed.value });
          }
        }
        if (stopped) break;
        if (chunk.length >= limits.chunkSize) await flush();
        if (stopped) break;
      }
      if (!stopped) await flush();
      if (badRows.size > 0) {
        const status = outOfScope.length > 0 ? 403 : 400;
        throw new Refused(status, [...outOfScope, ...issues].sort(reportOrder(kind.columns)), badRows.size, stopped);
      }
      if (written === 0) throw new NothingNew(rows);
      await tx.update(dataImport).set({ rows, written }).where(eq(dataImport.id, importId));
      return { importId, fileName: file.fileName, rows, written, unchanged: rows - written, previous: earlier };
    });
  } catch (err) {
    if (err instanceof NothingNew) {
      return {
        importId: null,
        fileName: file.fileName,
        rows: err.rows,
        written: 0,
        unchanged: err.rows,
        previous: earlier,
      };
    }
    if (err instanceof Refused) {
      const more = err.stopped ? `（问题过多，已停止检查，仅列出前 ${err.issues.length} 处）` : '';
      const msg =
        err.status === 403
          ? `导入失败：文件中有不在您数据权限范围内的记录，未导入任何数据${more}`
          : `导入失败：共 ${err.badRows} 行有错误，未导入任何数据，请按错误报告修改后重新导入${more}`;
      throw new AppError(err.status, msg, 'file', err.status, err.issues);
    }
    throw err;
  }
}

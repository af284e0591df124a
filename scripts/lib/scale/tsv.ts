/**
 * Rows as PostgreSQL COPY text (tab-separated, \N for null, backslash escapes), written to a file
 * per table through a large buffer: the load streams the files into COPY … FROM STDIN.
 */
import fs from 'node:fs';

export type Cell = string | number | boolean | null | undefined | Date;

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export function cell(v: Cell): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (typeof v === 'number') return String(v);
  if (v instanceof Date) return v.toISOString();
  return /[\\\t\n\r]/.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : v;
}

export const line = (cells: readonly Cell[]): string => `${cells.map(cell).join('\t')}\n`;

/** A table's rows going to a file; `rows` counts them. */
export class TableFile {
  rows = 0;
  private readonly fd: number;
  private buffer: string[] = [];
  private size = 0;

  constructor(
    readonly table: string,
    readonly columns: readonly string[],
    readonly path: string,
  ) {
    this.fd = fs.openSync(path, 'w');
  }

  add(cells: readonly Cell[]): void {
    if (cells.length !== this.columns.length)
      throw new Error(`${this.table}: ${cells.length} values for ${this.columns.length} columns`);
    const text = line(cells);
    this.buffer.push(text);
    this.size += text.length;
    this.rows += 1;
    if (this.size > 4_000_000) this.flush();
  }

  flush(): void {
    if (this.buffer.length === 0) return;
    fs.writeSync(this.fd, this.buffer.join(''));
    this.buffer = [];
    this.size = 0;
  }

  close(): void {
    this.flush();
    fs.closeSync(this.fd);
  }
}

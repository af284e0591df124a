/** The machine a benchmark ran on, in one line for its report: the figures mean little without it. */
import os from 'node:os';

export const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');

export function machineLine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'} (nproc ${os.availableParallelism()}), ${Math.round(os.totalmem() / 1024 ** 3)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

/** A Markdown table. */
export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

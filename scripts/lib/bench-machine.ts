/** The machine a benchmark ran on, in one line for its report: the figures mean little without it. */
import os from 'node:os';

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

export function machineLine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'} (nproc ${os.availableParallelism()}), ${Math.round(os.totalmem() / 1024 ** 3)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

/** A Markdown table. */
export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  postgres: string;
  /** Load averages when the run started: other processes on the machine skew the figures. */
  loadAverage: string;
}

/** The machine as fields, for reports that lay it out themselves. */
export function describeMachine(postgresVersion: string): MachineInfo {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    postgres: postgresVersion,
    loadAverage: loadAverage(),
  };
}

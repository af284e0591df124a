/**
 * How many imports this process runs at once. Each import reads a workbook and writes thousands of
 * rows in one transaction: a few at a time keep memory and the database's time bounded. The next
 * few wait for a place (briefly); the rest are told at once, with the limit named, to try again.
 */
import { AppError } from '../errors.js';

export interface GateLimits {
  /** Imports run at once. */
  running: number;
  /** Imports that may wait for a place; more are refused at once. */
  waiting: number;
  /** How long one waits before it is refused. */
  waitMs: number;
}

/** An import refused for want of a place: 503 with Retry-After (the route sets it). */
export class ImportsBusy extends AppError {
  constructor(limits: GateLimits) {
    super(
      503,
      `导入繁忙：同时最多进行 ${limits.running} 个导入（另有 ${limits.waiting} 个在排队），请稍后再试，未导入任何数据`,
    );
  }
}

export interface GateState {
  running: number;
  waiting: number;
}

export class ImportGate {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    readonly limits: GateLimits,
    private readonly onChange: (state: GateState) => void = () => undefined,
  ) {}

  get state(): GateState {
    return { running: this.running, waiting: this.queue.length };
  }

  /** Whether an import arriving now would be refused at once (checked before its file is received). */
  full(): boolean {
    return this.running >= this.limits.running && this.queue.length >= this.limits.waiting;
  }

  /** A place to run in: resolves with its release, or rejects with ImportsBusy. */
  async enter(): Promise<() => void> {
    if (this.running < this.limits.running) return this.take();
    if (this.queue.length >= this.limits.waiting) throw new ImportsBusy(this.limits);
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.queue.splice(this.queue.indexOf(wake), 1);
        this.onChange(this.state);
        reject(new ImportsBusy(this.limits));
      }, this.limits.waitMs);
      this.queue.push(wake);
      this.onChange(this.state);
    });
    // The place was handed over by the one that left (release): running stays as it was.
    return this.release();
  }

  private take(): () => void {
    this.running += 1;
    this.onChange(this.state);
    return this.release();
  }

  private release(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.queue.shift();
      if (next) next();
      else this.running -= 1;
      this.onChange(this.state);
    };
  }
}

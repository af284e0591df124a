/**
 * Where the server's log lines go: standard output, written in batches. A line per request
 * written synchronously (pino's default) costs each request a system call on the event loop; here
 * lines wait at most FLUSH_MS (or until LIMIT bytes) and go out together. What is waiting is
 * written when the process exits.
 */
const FLUSH_MS = 50;
const LIMIT = 64 * 1024;

export class BufferedLogStream {
  private lines: string[] = [];
  private bytes = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly out: { write(chunk: string): unknown } = process.stdout) {
    process.once('exit', () => this.flush());
  }

  write(line: string): void {
    this.lines.push(line);
    this.bytes += line.length;
    if (this.bytes >= LIMIT) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_MS).unref();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.lines.length === 0) return;
    const chunk = this.lines.join('');
    this.lines = [];
    this.bytes = 0;
    this.out.write(chunk);
  }
}

/**
 * The benchmarks' HTTP client: HTTP/1.1 over kept-alive loopback sockets, written on node:net and
 * reading only what an answer needs (status, length, body). The load generator shares the machine
 * with the server and the database, and node:http's client spent about as much CPU per request as
 * a quarter of the server's; pgbench, the figure the API is compared with, is a lean C client too.
 */
import net from 'node:net';

export interface Answer {
  status: number;
  body: unknown;
}

interface Waiting {
  resolve: (answer: Answer) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** One kept-alive connection: one request at a time, its answer read to the last byte. */
class Connection {
  readonly socket: net.Socket;
  private waiting: Waiting | null = null;
  private data: Buffer = Buffer.alloc(0);
  closed = false;

  constructor(
    host: string,
    port: number,
    private readonly release: (c: Connection) => void,
  ) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.data = this.data.length === 0 ? chunk : Buffer.concat([this.data, chunk]);
      this.tryAnswer();
    });
    const fail = (err: Error) => {
      this.closed = true;
      const w = this.waiting;
      this.waiting = null;
      if (w) {
        clearTimeout(w.timer);
        w.reject(err);
      }
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('connection closed before the answer')));
  }

  send(head: string, payload: Buffer | undefined, timeoutMs: number): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.socket.destroy(new Error(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting = { resolve, reject, timer };
      this.socket.write(payload ? Buffer.concat([Buffer.from(head), payload]) : head);
    });
  }

  /** An answer is whole when its headers and Content-Length bytes of body have come (chunked: the last chunk). */
  private tryAnswer(): void {
    const w = this.waiting;
    if (!w) return;
    const end = this.data.indexOf(HEADER_END);
    if (end < 0) return;
    const head = this.data.subarray(0, end).toString('latin1');
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    let body: Buffer;
    let rest: Buffer;
    if (status === 204 || status === 304) {
      body = Buffer.alloc(0);
      rest = this.data.subarray(end + 4);
    } else if (length) {
      const total = end + 4 + Number(length[1]);
      if (this.data.length < total) return;
      body = this.data.subarray(end + 4, total);
      rest = this.data.subarray(total);
    } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      const parts: Buffer[] = [];
      let at = end + 4;
      for (;;) {
        const lineEnd = this.data.indexOf('\r\n', at);
        if (lineEnd < 0) return;
        const size = parseInt(this.data.subarray(at, lineEnd).toString('latin1'), 16);
        if (this.data.length < lineEnd + 2 + size + 2) return;
        if (size === 0) {
          at = lineEnd + 4;
          break;
        }
        parts.push(this.data.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(parts);
      rest = this.data.subarray(at);
    } else {
      w.reject(new Error(`an answer without a length: ${head.split('\r\n')[0]}`));
      this.socket.destroy();
      return;
    }
    this.data = rest.length > 0 ? Buffer.from(rest) : Buffer.alloc(0);
    this.waiting = null;
    clearTimeout(w.timer);
    // Reading the whole answer is part of the request: the latency ends when the client has it.
    const text = body.toString('utf8');
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: kept as text for the error report */
    }
    if (/\r\nconnection:\s*close/i.test(head)) {
      this.closed = true;
      this.socket.end();
    }
    this.release(this);
    w.resolve({ status, body: parsed });
  }
}

export class BenchHttp {
  private readonly host: string;
  private readonly port: number;
  private readonly idle: Connection[] = [];
  private readonly all = new Set<Connection>();

  constructor(
    base: string,
    private readonly sockets: number,
  ) {
    const url = new URL(base);
    this.host = url.hostname;
    this.port = Number(url.port);
  }

  request(
    token: string | null,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    timeoutMs = 15_000,
  ): Promise<Answer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    let head = `${method} ${path} HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\nConnection: keep-alive\r\n`;
    if (token) head += `token: ${token}\r\n`;
    if (payload) head += `content-type: application/json\r\ncontent-length: ${payload.length}\r\n`;
    head += '\r\n';
    try {
      return this.connection().send(head, payload, timeoutMs);
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }

  private connection(): Connection {
    let c = this.idle.pop();
    while (c?.closed) c = this.idle.pop();
    if (c) return c;
    if (this.all.size >= this.sockets) throw new Error(`more than ${this.sockets} requests at once`);
    const created = new Connection(this.host, this.port, (done) => {
      if (done.closed) this.all.delete(done);
      else this.idle.push(done);
    });
    created.socket.on('close', () => this.all.delete(created));
    this.all.add(created);
    return created;
  }

  close(): void {
    for (const c of this.all) c.socket.destroy();
    this.all.clear();
    this.idle.length = 0;
  }
}

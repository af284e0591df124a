/**
 * The benchmarks' HTTP client: node:http over kept-alive loopback connections, one socket per
 * virtual client. Cheaper per request than fetch, so the load generator, which shares the machine
 * with the server and the database, takes less of it.
 */
import http from 'node:http';

export interface Answer {
  status: number;
  body: unknown;
}

export class BenchHttp {
  private readonly agent: http.Agent;
  private readonly url: URL;

  constructor(base: string, sockets: number) {
    this.url = new URL(base);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  }

  request(token: string | null, method: 'GET' | 'POST', path: string, body?: unknown, timeoutMs = 15_000): Promise<Answer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string | number> = {};
    if (token) headers.token = token;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    return new Promise((resolve, reject) => {
      const req = http.request({ host: this.url.hostname, port: this.url.port, method, path, headers, agent: this.agent, timeout: timeoutMs }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          // Reading the whole answer is part of the request: the latency ends when the client has it.
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* not JSON: kept as text for the error report */
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

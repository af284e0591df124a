/**
 * The national platform's HTTP adapter: each outbox record is POSTed as JSON to
 * NATIONAL_PLATFORM_URL; any 2xx means received. Delivery is at least once (a record whose answer
 * was lost is sent again), so every request carries the record's Idempotency-Key for the receiver
 * to drop repeats, and the province's credential (NATIONAL_PLATFORM_TOKEN) as a bearer token when
 * one is configured.
 */
import type { NationalPlatform, NationalRecord } from '../lib/ports.js';

export class HttpNationalPlatform implements NationalPlatform {
  private readonly headers: Record<string, string>;

  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
    token: string | null = null,
  ) {
    this.headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  }

  async deliver(record: NationalRecord): Promise<void> {
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers: { ...this.headers, 'idempotency-key': `safecert-outbox-${record.id}` },
        body: JSON.stringify(record),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const code = (err as { cause?: { code?: string } }).cause?.code;
      const cause =
        err instanceof Error
          ? err.name === 'TimeoutError'
            ? `${this.timeoutMs} 毫秒内无应答`
            : `${err.message}${code ? ` (${code})` : ''}`
          : String(err);
      throw new Error(`无法连接国家平台：${cause}`);
    }
    if (res.ok) {
      await res.arrayBuffer().catch(() => undefined);
      return;
    }
    const body = (await res.text().catch(() => '')).slice(0, 300);
    throw new Error(`国家平台返回 HTTP ${res.status}${body ? `：${body}` : ''}`);
  }
}

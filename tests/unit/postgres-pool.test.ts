/**
 * The server's PostgreSQL pool keeps its connections between a user's requests: a new backend
 * plans every named statement afresh with cold catalog caches (measured on the province-scale
 * database: a certificate list page after 12 s idle took 21–36 ms with the pool's default 10 s idle
 * timeout, 15–17 ms with connections kept), while the lifetime stays bounded.
 */
import { describe, expect, it } from 'vitest';
import { postgresPoolConfig } from '../../server/db/client.js';

describe('postgresPoolConfig', () => {
  const config = postgresPoolConfig('postgres://app@127.0.0.1:5432/safecert', 10);

  it('keeps an idle connection for minutes, not the pool default of 10 s', () => {
    expect(config.idleTimeoutMillis).toBeGreaterThanOrEqual(5 * 60_000);
  });

  it('replaces a connection after a bounded lifetime', () => {
    expect(config.maxLifetimeSeconds).toBeGreaterThan(0);
    expect(config.maxLifetimeSeconds).toBeLessThanOrEqual(24 * 3600);
  });

  it('opens sessions without JIT and with the given size', () => {
    expect(config.options).toContain('jit=off');
    expect(config.max).toBe(10);
  });
});

/**
 * The server's PostgreSQL pool keeps its connections between a user's requests: a new backend
 * plans every named statement afresh with cold catalog caches (measured on the province-scale
 * database: a certificate list page after 12 s idle took 21–36 ms with the pool's default 10 s idle
 * timeout, 15–17 ms with connections kept), while the lifetime stays bounded.
 */
import { describe, expect, it } from 'vitest';
import {
  POSTGRES_SESSION_OPTIONS,
  postgresPoolConfig,
  READS_SESSION_OPTIONS,
  withSessionOptions,
} from '../../server/db/client.js';

describe('postgresPoolConfig', () => {
  const config = postgresPoolConfig('postgres://app@127.0.0.1:5432/safecert', 10);

  it('keeps an idle connection for minutes, not the pool default of 10 s', () => {
    expect(config.idleTimeoutMillis).toBeGreaterThanOrEqual(5 * 60_000);
  });

  it('replaces a connection after a bounded lifetime', () => {
    expect(config.maxLifetimeSeconds).toBeGreaterThan(0);
    expect(config.maxLifetimeSeconds).toBeLessThanOrEqual(24 * 3600);
  });

  it('opens sessions without JIT or Memoize and with the given size', () => {
    expect(config.options).toContain('jit=off');
    expect(config.options).toContain('enable_memoize=off');
    expect(config.max).toBe(10);
  });

  it("opens the search reads' sessions planning every named statement for its values, also under a DATABASE_URL with options", () => {
    const reads = `${POSTGRES_SESSION_OPTIONS} ${READS_SESSION_OPTIONS}`;
    expect(postgresPoolConfig('postgres://app@h/db', 10, reads).options).toBe(
      '-c jit=off -c enable_memoize=off -c plan_cache_mode=force_custom_plan',
    );
    const own = postgresPoolConfig('postgres://app@h/db?options=-c%20statement_timeout%3D5000', 10, reads);
    expect(new URL(own.connectionString!).searchParams.get('options')).toBe(
      '-c jit=off -c enable_memoize=off -c plan_cache_mode=force_custom_plan -c statement_timeout=5000',
    );
  });

  it('keeps the session settings when DATABASE_URL brings options of its own (the driver would drop them)', () => {
    const own = postgresPoolConfig(
      'postgres://app@127.0.0.1:5432/safecert?options=-c%20statement_timeout%3D5000&sslmode=disable',
      10,
    );
    const options = new URL(own.connectionString!).searchParams.get('options');
    expect(options).toBe('-c jit=off -c enable_memoize=off -c statement_timeout=5000');
    expect(new URL(own.connectionString!).searchParams.get('sslmode')).toBe('disable');
    // Named again in the URL, the URL's setting comes last and wins.
    expect(new URL(withSessionOptions('postgres://app@h/db?options=-c%20jit%3Don')).searchParams.get('options')).toBe(
      '-c jit=off -c enable_memoize=off -c jit=on',
    );
    // Without options, or not a URL (a key=value string), the string is left as it is.
    expect(withSessionOptions('postgres://app@127.0.0.1:5432/safecert')).toBe('postgres://app@127.0.0.1:5432/safecert');
    expect(withSessionOptions('host=/var/run/postgresql dbname=safecert')).toBe(
      'host=/var/run/postgresql dbname=safecert',
    );
  });
});

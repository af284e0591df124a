/**
 * Which failures mean "the database cannot be reached now" (503 with Retry-After) and which are the
 * request's or the code's (400/409/500): the errors as pg and drizzle really make them.
 */
import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../server/lib/db-errors.js';

/** drizzle wraps the driver's error: `Failed query: …` with the driver's error as `cause`. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('isDatabaseUnavailable', () => {
  it('is true for a refused connection, as pg reports it', async () => {
    // A port nobody listens on: bind one, learn its number, close it.
    const port = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x', connectionTimeoutMillis: 2_000 });
    const err = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeNull();
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(true);
  });

  it('is true for the server ending sessions or not accepting them yet', () => {
    expect(
      isDatabaseUnavailable(wrapped(pgError('57P01', 'terminating connection due to administrator command'))),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped(pgError('57P03', 'the database system is starting up')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(pgError('08006', 'connection failure')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })]),
      ),
    ).toBe(true);
  });

  it("is false for refusals of the request and for the code's own faults", () => {
    expect(isDatabaseUnavailable(wrapped(pgError('23505', 'duplicate key value violates unique constraint')))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(wrapped(pgError('22P02', 'invalid input syntax for type integer')))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(pgError('42P01', 'relation "x" does not exist')))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

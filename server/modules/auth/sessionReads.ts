/**
 * Every private call reads its session first. Calls that arrive while a read is out wait for it to
 * come back and are then read together, in one statement for all their tokens: under load many
 * calls share one round trip to the database, alone a call's session is read at once. Each call is
 * still admitted on a read that began after it arrived, so an ended session, a disabled user or a
 * role taken away counts from the next call on, as when each call read its own.
 */
import { runText, type DbOrTx } from '../../db/client.js';
import { sessionsWithUsers, type SessionRow } from './session.service.js';

/** Tokens read by one statement at most (a statement text per count up to this). */
const MAX_PER_STATEMENT = 32;

interface Waiter {
  resolve: (row: SessionRow | undefined) => void;
  reject: (err: unknown) => void;
}

export class SessionReads {
  private waiting = new Map<string, Waiter[]>();
  private draining: Promise<void> | null = null;
  /** Calls answered and statements sent (the tests check that calls arriving together share one). */
  readonly counts = { calls: 0, statements: 0 };

  constructor(private readonly db: DbOrTx) {}

  /** The session behind a token's hash as the database holds it now, or undefined when there is none. */
  read(tokenHash: string): Promise<SessionRow | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(tokenHash);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(tokenHash, [{ resolve, reject }]);
      this.draining ??= this.drain();
    });
  }

  private async drain(): Promise<void> {
    while (this.waiting.size > 0) {
      const batch = new Map<string, Waiter[]>();
      for (const [hash, waiters] of this.waiting) {
        if (batch.size === MAX_PER_STATEMENT) break;
        batch.set(hash, waiters);
      }
      for (const hash of batch.keys()) this.waiting.delete(hash);
      try {
        this.counts.statements++;
        const hashes = [...batch.keys()];
        const rows = (await runText(this.db, {
          sql: sessionsWithUsers(hashes.length),
          params: hashes,
        })) as unknown as SessionRow[];
        const byHash = new Map(rows.map((r) => [r.token_hash, r]));
        for (const [hash, waiters] of batch) {
          const row = byHash.get(hash);
          // Each call its own copy: a call records its activity on the row it was given.
          for (const w of waiters) {
            this.counts.calls++;
            w.resolve(row ? { ...row } : undefined);
          }
        }
      } catch (err) {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
      }
    }
    this.draining = null;
  }
}

const perDatabase = new WeakMap<object, SessionReads>();

/** The session reads of one database (one per app: two apps in one process never share). */
export function sessionReads(db: DbOrTx): SessionReads {
  let reads = perDatabase.get(db);
  if (!reads) {
    reads = new SessionReads(db);
    perDatabase.set(db, reads);
  }
  return reads;
}

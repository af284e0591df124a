/** A database handle that records the statements sent through it (tests of which statements a service sends, and how). */
import type { Db } from '../../server/db/client.js';

/** The app's database, recording the statements it sends: `sent` every text, `named` those prepared under a name. */
export function recording(db: Db) {
  const sent: string[] = [];
  /** The texts sent as named (prepared) statements. */
  const named: string[] = [];
  const session = new Proxy(db._.session, {
    get(obj, key, receiver) {
      const value = Reflect.get(obj, key, receiver) as unknown;
      if (key !== 'prepareQuery' || typeof value !== 'function') return value;
      return (query: { sql: string }, fields: unknown, name: unknown, ...rest: unknown[]) => {
        sent.push(query.sql);
        if (typeof name === 'string') named.push(query.sql);
        return (value as (...a: unknown[]) => unknown).apply(obj, [query, fields, name, ...rest]);
      };
    },
  });
  const internals = { ...db._, session };
  // runText reads the session from `_`, drizzle's own builders from `session`.
  const proxied = new Proxy(db, {
    get: (target, key, receiver) =>
      key === '_' ? internals : key === 'session' ? session : (Reflect.get(target, key, receiver) as unknown),
  });
  return { db: proxied, sent, named };
}

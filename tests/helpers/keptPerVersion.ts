/** How often a value kept per dictionaries' version (requestScope.ts keptForDictionaries) is read from the database. */
import type { Db } from '../../server/db/client.js';
import { runInRequest, type DictionaryCache } from '../../server/lib/requestScope.js';
import { recording } from './recording.js';

/**
 * Runs `read` twice in requests of one dictionaries' version, once in a request of the next, once
 * outside any request; answers the first two answers and the statements sent after each step.
 */
export async function readsPerVersion<T>(db: Db, read: (db: Db) => Promise<T>) {
  const { db: recorded, sent } = recording(db);
  const cache: DictionaryCache = { version: -1, kept: new Map() };
  const inRequest = (version: number) =>
    runInRequest({ route: 'test', ip: '', lang: 'zh-CN', dictionaries: { version, cache } }, () => read(recorded));
  const first = await inRequest(7);
  const again = await inRequest(7);
  const sameVersion = sent.length;
  await inRequest(8);
  const nextVersion = sent.length;
  await read(recorded);
  return { first, again, sent: { sameVersion, nextVersion, outside: sent.length } };
}

/**
 * What a query with these values answered, per database, believed for a while: for answers that
 * only choose how a list asks (its plan, whether its total is estimated), never for rows it shows.
 * Keyed by the rendered text and values (renderText), so the same filters find the same answer.
 */
import type { TextStatement } from '../db/client.js';
import { BoundedMap } from '../lib/boundedMap.js';

export interface AnswersKept<T> {
  /** The answer kept for this query and values, if given less than `ms` ago. */
  get(db: object, query: TextStatement): T | undefined;
  set(db: object, query: TextStatement, value: T): void;
}

/** Answers believed for `ms`, at most `kept` per database (the oldest forgotten first). */
export function answersKept<T>(ms: number, kept: number): AnswersKept<T> {
  const perDatabase = new WeakMap<object, BoundedMap<string, { value: T; at: number }>>();
  const keyOf = (query: TextStatement) => `${query.sql}\u0000${JSON.stringify(query.params)}`;
  return {
    get(db, query) {
      const hit = perDatabase.get(db)?.get(keyOf(query));
      return hit && performance.now() - hit.at < ms ? hit.value : undefined;
    },
    set(db, query, value) {
      let answers = perDatabase.get(db);
      if (!answers) perDatabase.set(db, (answers = new BoundedMap(kept)));
      answers.set(keyOf(query), { value, at: performance.now() });
    },
  };
}

/**
 * Kinds of to-do a list may be narrowed to, by what the to-do is about rather than its words (which
 * are read in the reader's language): a holder's confirmations (server/workflow/notify.ts: an
 * application's to-do that opens a 个人业务 confirmation page) and four-eyes reviews
 * (server/modules/system/review/todos.ts, ref review:…). The workbench counts them with the same
 * condition its link opens.
 */
import { and, like, type SQL } from 'drizzle-orm';
import { sysTodo } from '../../db/schema.js';

export const TODO_KINDS = ['confirm', 'review'] as const;
export type TodoKind = (typeof TODO_KINDS)[number];

export function todoKindCondition(kind: TodoKind): SQL {
  return kind === 'confirm'
    ? and(like(sysTodo.ref, 'application:%'), like(sysTodo.url, '/personCheck/%'))!
    : like(sysTodo.ref, 'review:%');
}

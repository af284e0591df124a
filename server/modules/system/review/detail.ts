/** The reviewer's page of one submission: who, when, what (diff in words) and what the caller may do now. */
import type { z } from 'zod';
import type { ReviewedRecordKind } from '../../../../machines/recordReview.machine.js';
import type { AuthUser } from '../../../context.js';
import type { DbOrTx } from '../../../db/client.js';
import { diffRecords, type DisplayRecord } from './diff.js';
import { translateMessage } from '../../../lib/messages.js';
import { changeOf, reviewActions, userNames, type ReviewRow } from './review.service.js';
import type { ChangeEffect, reviewDetailSchema } from './schemas.js';
import type { PersistedRecordReviewSnapshot } from '../../../../machines/recordReview.machine.js';

export type ReviewDetail = z.infer<typeof reviewDetailSchema>;

export interface ReviewView<R> {
  labels: ReadonlyArray<readonly [string, string]>;
  /** The stored JSON as a record (drops secrets such as a password hash). */
  record: (json: unknown) => R;
  display: (db: DbOrTx, rec: R | null) => Promise<DisplayRecord | null>;
  title: (rec: R) => string;
  /** What the change does beyond its fields (users), shown with the diff. */
  effect?: (db: DbOrTx, before: R | null, after: R | null) => Promise<ChangeEffect>;
}

export async function reviewDetail<R>(
  db: DbOrTx,
  row: ReviewRow,
  caller: AuthUser,
  view: ReviewView<R>,
): Promise<ReviewDetail> {
  const change = changeOf(row);
  const proposed = view.record(row.proposed);
  const current = row.current ? view.record(row.current) : null;
  const before = change === 'create' ? null : await view.display(db, current);
  const after = change === 'delete' ? null : await view.display(db, proposed);
  const names = await userNames(db, [row.submittedBy, row.reviewedBy]);
  return {
    reviewId: row.id,
    entity: row.entity as ReviewedRecordKind,
    recordId: row.recordId,
    checkStatus: row.checkStatus as ReviewDetail['checkStatus'],
    change,
    state: row.state as ReviewDetail['state'],
    submittedBy: row.submittedBy,
    submitterName: names.get(row.submittedBy) ?? '',
    submittedAt: row.submittedAt.toISOString(),
    reviewerName: row.reviewedBy === null ? null : (names.get(row.reviewedBy) ?? null),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    comment: row.comment,
    title: view.title(change === 'delete' && current ? current : proposed),
    diff: diffRecords(view.labels, before, after).map((d) => ({ ...d, label: translateMessage(d.label) })),
    // Shown as the change would apply now (pending) or as it was stored (decided).
    effect: view.effect
      ? await view.effect(db, change === 'create' ? null : current, change === 'delete' ? null : proposed)
      : null,
    warnings: [...((row.snapshot as PersistedRecordReviewSnapshot).context.warnings ?? [])],
    ...reviewActions(row, caller),
  };
}

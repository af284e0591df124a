/**
 * The review shapes as the generated client answers them (users and roles answer the same): the
 * reviewer's view of one submission, its diff rows, and a row's pending submission.
 */
import type { SystemUserListV2200, SystemUserReview200 } from '@/services/generated/api.schemas';

export type ReviewDetail = SystemUserReview200['data'];
export type DiffRow = ReviewDetail['diff'][number];
export type CheckStatus = ReviewDetail['checkStatus'];
export type PendingInfo = NonNullable<SystemUserListV2200['rows'][number]['pending']>;

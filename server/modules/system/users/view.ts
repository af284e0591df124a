/** How a user submission reads in the reviewer's diff. */
import type { ReviewView } from '../review/detail.js';
import { displayUser, recordOf, USER_LABELS, type ProposedUser, type UserRecord } from './record.js';
import { userChangeEffect } from './effect.js';

export const userView: ReviewView<UserRecord> = {
  labels: USER_LABELS,
  record: (json) => recordOf(json as ProposedUser),
  display: displayUser,
  title: (rec) => `${rec.userName}（${rec.nickName}）`,
  effect: userChangeEffect,
};

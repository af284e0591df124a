/** How a role submission reads in the reviewer's diff. */
import type { ReviewView } from '../review/detail.js';
import { displayRole, ROLE_LABELS, type RoleRecord } from './record.js';

export const roleView: ReviewView<RoleRecord> = {
  labels: ROLE_LABELS,
  record: (json) => json as RoleRecord,
  display: displayRole,
  title: (rec) => `${rec.roleName}（${rec.roleKey}）`,
};

/** How a punishment submission reads in the reviewer's diff. */
import type { ReviewView } from '../system/review/detail.js';
import { displayPunishment, PUNISHMENT_LABELS, type PunishmentRecord } from './record.js';

export const punishmentView: ReviewView<PunishmentRecord> = {
  labels: PUNISHMENT_LABELS,
  record: (json) => json as PunishmentRecord,
  display: displayPunishment,
  title: (rec) => `${rec.type}（${rec.docNo}）`,
};

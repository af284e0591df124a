/** The page's names for the generated API types of /credit/punishment. */
import {
  CreditPunishmentListType,
  type CreditPunishmentCertificates200RowsItem,
  type CreditPunishmentGet200Data,
  type CreditPunishmentGet200DataFilesItem,
  type CreditPunishmentList200RowsItem,
  type CreditPunishmentListParams,
  type CreditPunishmentViolateTypes200DataItem,
} from '@/services/generated/api.schemas';

export const NS = 'credit';

export type PunishmentRow = CreditPunishmentList200RowsItem;
export type PunishmentDetail = CreditPunishmentGet200Data;
export type PunishmentType = PunishmentRow['type'];
export type ReviewState = PunishmentRow['reviewState'];
export type CandidateCertificate = CreditPunishmentCertificates200RowsItem;
export type ViolateOption = CreditPunishmentViolateTypes200DataItem;
export type AttachedFile = Pick<CreditPunishmentGet200DataFilesItem, 'ossId' | 'originalName' | 'mimeType'>;
export type Filters = Omit<CreditPunishmentListParams, 'pageNum' | 'pageSize' | 'pending'>;

/** A certificate chosen for a punishment, as the form shows it. */
export interface ChosenCertificate {
  id: number;
  certNo: string;
  name?: string;
  personId?: number;
  statusLabel?: string;
}

export const PUNISHMENT_TYPES = Object.values(CreditPunishmentListType);
export const REVIEW_STATES: ReviewState[] = ['pending', 'approved', 'rejected', 'withdrawn'];
/** Tag colours (display only: what a type does is the server's business). */
export const TYPE_COLOR: Record<PunishmentType, string> = {
  警告: 'gold',
  罚款: 'orange',
  暂扣: 'volcano',
  吊销: 'red',
  撤销: 'magenta',
  记分: 'blue',
};
export const STATE_COLOR: Record<ReviewState, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

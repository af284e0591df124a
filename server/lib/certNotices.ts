/**
 * The words of the notices about a certificate's expiry, one place for the job that sends them
 * (server/jobs/delayReminder.ts) and the demo that shows what it has sent (server/db/seed/messages.ts).
 */
import { daysBetween } from './days.js';

/** How far back a certificate that expired without a delay is still warned about (older ones expired before the jobs ran). */
export const LOOKBACK_DAYS = 30;

const CATEGORY_NAME: Record<string, string> = {
  A: 'A类（主要负责人）',
  B: 'B类（项目负责人）',
  C1: 'C1类（机械）',
  C2: 'C2类（土建）',
  C3: 'C3类（综合）',
};

export interface CertNoticeFacts {
  holderName: string;
  category: string;
  certNo: string;
  /** YYYY-MM-DD */
  expiryDate: string;
}

export interface NoticeText {
  bt: string;
  nr: string;
}

const certificateOf = (c: CertNoticeFacts) =>
  `${c.holderName}的${CATEGORY_NAME[c.category] ?? c.category}安管人员证书 ${c.certNo}`;

/** To the enterprise and the holder, at the thresholds before expiry: the delay window is open (or opens). */
export function delayReminderText(c: CertNoticeFacts, today: string, windowDays: number): NoticeText {
  const left = daysBetween(today, c.expiryDate);
  return {
    bt: `证书延期提醒：${c.holderName}的证书将于${c.expiryDate}到期`,
    // One template each (not joined pieces): a message is translated by its whole template (lib/messages.ts).
    nr: `${certificateOf(c)}有效期至 ${c.expiryDate}，距到期还有 ${left} 天。延期申请自到期前 ${windowDays} 天起至到期日止可以提出（企业业务 → 证书延期，持证人确认后提交）；到期未延期的证书将失效，须重新参加考核。`,
  };
}

/** To the enterprise, once a certificate expired without a delay. */
export function expiredWithoutDelayText(c: CertNoticeFacts): NoticeText {
  return {
    bt: `证书已失效：${c.holderName} ${c.certNo}`,
    nr: `${certificateOf(c)} 有效期已于 ${c.expiryDate} 届满且未办理延期，证书已失效。持证人须重新参加考核取得证书；如已离职或不再担任相关岗位，请办理证书注销。`,
  };
}

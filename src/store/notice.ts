/** Unread message counts (GET /system/sysMsgInfo/getNotReadMsgStats), polled by the header every 30 s. */
import { createStore } from './createStore';
import { systemSysMsgInfoGetNotReadMsgStats } from '@/services/generated/api';
import type { SystemSysMsgInfoGetNotReadMsgStats200 } from '@/services/generated/api.schemas';

/** The three message types (systemType, supervisionType, warnType), as the server names them. */
export type MsgType = SystemSysMsgInfoGetNotReadMsgStats200['rows'][number]['msgType'];

export const NOTICE_POLL_MS = 30_000;

export type UnreadStats = Record<MsgType, number>;
export const EMPTY_STATS: UnreadStats = { systemType: 0, supervisionType: 0, warnType: 0 };

export const noticeStore = createStore<UnreadStats>(EMPTY_STATS);
export const useUnreadStats = () => noticeStore.use();

export function totalUnread(stats: UnreadStats): number {
  return stats.systemType + stats.supervisionType + stats.warnType;
}

export async function refreshUnreadStats(): Promise<void> {
  try {
    const res = await systemSysMsgInfoGetNotReadMsgStats();
    const next: UnreadStats = { ...EMPTY_STATS };
    for (const row of res?.rows ?? []) if (row.msgType in next) next[row.msgType] = Number(row.count) || 0;
    noticeStore.set(next);
  } catch {
    /* a failed poll keeps the last counts */
  }
}

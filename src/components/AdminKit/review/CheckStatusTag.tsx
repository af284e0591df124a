/** The review state of a row: 新增待审核 / 修改待审核 / 删除待审核 (a user delete shows checkStatus '2' but reads as a delete). */
import { Tag, Tooltip } from 'antd';
import { formatDateTime } from '@/components/ProTableKit/format';
import type { CheckStatus, PendingInfo } from './types';
import { useKitText } from '../text';

export function checkStatusKey(
  checkStatus: CheckStatus | null,
  pending: PendingInfo | null | undefined,
): string | null {
  if (pending?.change === 'delete') return pending.checkStatus === '3' ? '3' : 'userDelete';
  return checkStatus;
}

export default function CheckStatusTag({
  checkStatus,
  pending,
}: {
  checkStatus: CheckStatus | null;
  pending?: PendingInfo | null;
}) {
  const t = useKitText();
  const key = checkStatusKey(checkStatus, pending);
  if (!key) return null;
  const color = key === '0' ? 'green' : key === '2' ? 'blue' : 'red';
  const tag = (
    <Tag color={color} data-testid="check-status">
      {t(`admin.checkStatus.${key}`)}
    </Tag>
  );
  return pending ? (
    <Tooltip
      title={t('admin.review.waiting', { name: pending.submitterName, time: formatDateTime(pending.submittedAt) })}
    >
      {tag}
    </Tooltip>
  ) : (
    tag
  );
}

/**
 * A deadline (YYYY-MM-DD) with the days left; red when 3 days or fewer are left or it is overdue;
 * marked when it was counted Monday–Friday through a year whose holidays are not entered yet.
 */
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Whether a deadline is urgent: 3 days or fewer left, or overdue (negative). */
export function isUrgent(daysLeft: number | null | undefined): boolean {
  return typeof daysLeft === 'number' && daysLeft <= 3;
}

export default function DeadlineText({
  deadline,
  daysLeft,
  estimated,
  block,
}: {
  deadline: string | null | undefined;
  daysLeft: number | null | undefined;
  /** The server's deadlineEstimated. */
  estimated?: boolean;
  /** the days on a second line (narrow table cells) */
  block?: boolean;
}) {
  const { t } = useTranslation('workflow');
  if (!deadline && (daysLeft === null || daysLeft === undefined)) return <>-</>;
  const urgent = isUrgent(daysLeft);
  const days =
    typeof daysLeft === 'number'
      ? daysLeft < 0
        ? t('deadline.overdue', { count: -daysLeft })
        : t('deadline.left', { count: daysLeft })
      : null;
  return (
    <Typography.Text
      type={urgent ? 'danger' : undefined}
      strong={urgent}
      data-testid="deadline"
      data-urgent={urgent ? '1' : '0'}
    >
      <span style={{ whiteSpace: 'nowrap' }}>{deadline ?? ''}</span>
      {days ? (
        <span
          style={{
            display: block ? 'block' : 'inline',
            marginInlineStart: deadline && !block ? 6 : 0,
            whiteSpace: 'nowrap',
            fontSize: block ? 12 : undefined,
          }}
        >
          ({days})
        </span>
      ) : null}
      {estimated ? (
        <Tooltip title={t('deadline.estimatedHint')}>
          <Tag
            color="orange"
            style={{ marginInlineStart: block ? 0 : 6, marginTop: block ? 2 : 0 }}
            data-testid="deadline-estimated"
          >
            {t('deadline.estimated')}
          </Tag>
        </Tooltip>
      ) : null}
    </Typography.Text>
  );
}

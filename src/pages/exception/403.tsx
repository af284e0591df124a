import { Typography } from 'antd';
import { useLocation } from 'react-router-dom';
import type { RefusalState } from '@/app/refusal';
import ExceptionResult from './ExceptionResult';

export default function Exception403() {
  // A refused call sends its reason along (src/app/refusal.ts): the user learns why, not just that.
  const reason = (useLocation().state as RefusalState | null)?.reason;
  return (
    <ExceptionResult
      type="403"
      extra={
        reason ? (
          <Typography.Paragraph type="secondary" data-testid="exception-reason">
            {reason}
          </Typography.Paragraph>
        ) : null
      }
    />
  );
}

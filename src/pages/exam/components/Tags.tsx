/** The state of a batch and the status of a sign-up as coloured tags (labels from the page's language). */
import { Tag } from 'antd';
import { useExamLabels } from './text';

export function BatchStateTag({ state, label }: { state: string; label?: string }) {
  const l = useExamLabels();
  return <Tag color={l.stateColor(state)}>{l.state(state, label)}</Tag>;
}

export function SignupStatusTag({ status, label }: { status: string; label?: string }) {
  const l = useExamLabels();
  return (
    <Tag color={l.statusColor(status)} data-testid="signup-status">
      {l.status(status, label)}
    </Tag>
  );
}

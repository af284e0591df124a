/** A figure that opens the list behind it (drill-down). */
import { Card, Statistic } from 'antd';
import { Link } from 'react-router-dom';

export function FigureCard({
  title,
  value,
  to,
  testId,
  tone,
}: {
  title: string;
  value: number | string | null | undefined;
  to?: string;
  testId: string;
  tone?: 'danger' | 'warning';
}) {
  const color = tone === 'danger' ? '#cf1322' : tone === 'warning' ? '#d46b08' : undefined;
  const body = <Statistic title={title} value={value ?? '-'} valueStyle={color ? { color } : undefined} />;
  return (
    <Card size="small" hoverable={!!to} data-testid={testId}>
      {to ? (
        <Link to={to} data-testid={`${testId}-link`}>
          {body}
        </Link>
      ) : (
        body
      )}
    </Card>
  );
}

/** A number in a table that opens the list behind it; a 0 is plain. */
export function NumberLink({ value, to, testId }: { value: number; to: string; testId?: string }) {
  if (!value) return <span>0</span>;
  return (
    <Link to={to} data-testid={testId}>
      {value.toLocaleString()}
    </Link>
  );
}

/**
 * What the nightly housekeeping found when it checked every certificate (server/jobs/certificateInvariants.ts):
 * how many were checked, the violations per rule in words, and the first of them by certificate number.
 */
import { Alert, Table, Typography } from 'antd';
import { useJobText } from './text';

/** The rules, in the order the server checks them (certificateInvariants.ts INVARIANT_RULES). */
const RULES = [
  'statusIsAState',
  'statusIsToday',
  'statutoryValidity',
  'issuedAfterAcceptance',
  'delayCodeInRange',
  'historyReplays',
] as const;

interface Example {
  rule: string;
  certificateId: number;
  certNo: string;
  detail: string;
}
export interface InvariantsSummary {
  checked: number;
  violations: number;
  counts: Record<string, number>;
  examples: Example[];
}

/** The summary a housekeeping run's detail carries, or null when the run has none. */
export function invariantsOf(detail: unknown): InvariantsSummary | null {
  const found =
    detail && typeof detail === 'object' ? (detail as Record<string, unknown>).certificateInvariants : undefined;
  if (!found || typeof found !== 'object') return null;
  const s = found as Partial<InvariantsSummary>;
  return typeof s.checked === 'number' && s.counts
    ? { checked: s.checked, violations: s.violations ?? 0, counts: s.counts, examples: s.examples ?? [] }
    : null;
}

export default function InvariantsDetail({ summary }: { summary: InvariantsSummary }) {
  const t = useJobText();
  const ruleName = (rule: string) => t(`invariants.rules.${rule}`, { defaultValue: rule });
  const clean = summary.violations === 0;
  return (
    <div data-testid="certificate-invariants" style={{ marginBottom: 12 }}>
      <Alert
        type={clean ? 'success' : 'error'}
        showIcon
        message={
          clean
            ? t('invariants.clean', { checked: summary.checked })
            : t('invariants.found', { checked: summary.checked, n: summary.violations })
        }
        style={{ marginBottom: clean ? 0 : 8 }}
      />
      {!clean && (
        <>
          <Table
            size="small"
            pagination={false}
            rowKey="rule"
            dataSource={RULES.map((rule) => ({ rule, n: summary.counts[rule] ?? 0 })).filter((r) => r.n > 0)}
            columns={[
              { title: t('invariants.rule'), dataIndex: 'rule', render: (rule: string) => ruleName(rule) },
              { title: t('invariants.count'), dataIndex: 'n', width: 120 },
            ]}
            style={{ marginBottom: 8 }}
          />
          <Typography.Text type="secondary">{t('invariants.examples', { n: summary.examples.length })}</Typography.Text>
          <Table
            size="small"
            pagination={false}
            rowKey={(r) => `${r.rule}-${r.certificateId}`}
            dataSource={summary.examples}
            columns={[
              { title: t('invariants.certNo'), dataIndex: 'certNo', width: 220 },
              { title: t('invariants.rule'), dataIndex: 'rule', width: 220, render: (rule: string) => ruleName(rule) },
              { title: t('invariants.detail'), dataIndex: 'detail' },
            ]}
          />
        </>
      )}
    </div>
  );
}

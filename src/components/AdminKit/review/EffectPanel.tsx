/**
 * What a user change does beyond its fields (the person the account is linked to and the
 * certificates it shows, the roles, the data area), as the server words it, and the warnings that
 * must be chosen by name: before submitting (the user form's confirmation) and in the review.
 */
import { Alert, Checkbox, Space, Table, Tag, Typography } from 'antd';
import type { SystemUserReview200Data } from '@/services/generated/api.schemas';
import { useKitText } from '../text';

export type ChangeEffect = NonNullable<SystemUserReview200Data['effect']>;
export type ReviewWarningCode = ChangeEffect['warnings'][number]['code'];
type EffectLine = ChangeEffect['lines'][number];

export interface EffectPanelProps {
  effect: ChangeEffect;
  /** The warnings chosen so far; without `onChoose` they are only shown. */
  chosen?: readonly ReviewWarningCode[];
  onChoose?: (chosen: ReviewWarningCode[]) => void;
}

export default function EffectPanel({ effect, chosen = [], onChoose }: EffectPanelProps) {
  const t = useKitText();
  const choose = (code: ReviewWarningCode, on: boolean) =>
    onChoose?.(on ? [...new Set([...chosen, code])] : chosen.filter((c) => c !== code));
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="small" data-testid="effect-panel">
      <Typography.Text strong>{t('admin.effect.title')}</Typography.Text>
      <Table<EffectLine>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={effect.lines}
        data-testid="effect-lines"
        columns={[
          { title: t('admin.effect.what'), dataIndex: 'label', width: 150 },
          { title: t('admin.review.before'), dataIndex: 'before', render: (v: string) => v || '-' },
          {
            title: t('admin.review.after'),
            dataIndex: 'after',
            render: (v: string, r) => (
              <span data-testid={`effect-${r.key}`}>
                {r.changed ? (
                  <Typography.Text strong>{v || '-'}</Typography.Text>
                ) : (
                  <Typography.Text type="secondary">{v || '-'}</Typography.Text>
                )}
                {r.changed ? (
                  <Tag color="orange" style={{ marginInlineStart: 6 }}>
                    {t('admin.effect.changed')}
                  </Tag>
                ) : (
                  <Tag style={{ marginInlineStart: 6 }}>{t('admin.effect.unchanged')}</Tag>
                )}
              </span>
            ),
          },
        ]}
      />
      {effect.warnings.map((w) => (
        <Alert
          key={w.code}
          type="warning"
          showIcon
          message={t(`admin.effect.warning.${w.code}`)}
          data-testid={`effect-warning-${w.code}`}
          description={
            <Space direction="vertical" size={4}>
              <span>{w.message}</span>
              {onChoose && (
                <Checkbox
                  checked={chosen.includes(w.code)}
                  onChange={(e) => choose(w.code, e.target.checked)}
                  data-testid={`effect-choose-${w.code}`}
                >
                  {t(`admin.effect.choose.${w.code}`)}
                </Checkbox>
              )}
            </Space>
          }
        />
      ))}
    </Space>
  );
}

/** Every warning of the effect chosen. */
export const everyWarningChosen = (
  effect: ChangeEffect | null | undefined,
  chosen: readonly ReviewWarningCode[],
): boolean => (effect?.warnings ?? []).every((w) => chosen.includes(w.code));

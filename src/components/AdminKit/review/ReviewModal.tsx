/**
 * The reviewer's window of a user, role or punishment submission: who submitted what and when, the diff
 * (field, before, after), and the decision (approve, or reject with a comment). The submitter of a
 * role change may withdraw it here. What the caller may do comes from the server (canReview,
 * canCancel: the recordReview machine's answer); the buttons only follow it. A user change also
 * shows its whole effect (person link, roles, area); a warning the submitter chose (unlinking a
 * holder from their certificates) must be ticked by name before 通过 is offered.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Descriptions, Input, Modal, Popconfirm, Space, Spin, Table, Tag, Typography } from 'antd';
import { formatDateTime } from '@/components/ProTableKit/format';
import { errorMessage } from '@/services/request';
import type { DiffRow, ReviewDetail as RecordReviewDetail } from './types';
import { useKitText } from '../text';
import EffectPanel, { type ReviewWarningCode } from './EffectPanel';

/** The reviewer's view of a submission, whatever the record (users, roles, punishments). */
export type ReviewDetail = Omit<RecordReviewDetail, 'entity'> & { entity: string };

// Methods, not function properties: a page's calls may take its own, narrower detail type.
export interface ReviewModalProps {
  reviewId: number | null;
  load(reviewId: number): Promise<{ data: ReviewDetail }>;
  /** `acknowledged`: the submission's warnings the reviewer ticked (every one of them to approve). */
  decide(
    detail: ReviewDetail,
    approved: boolean,
    comment: string,
    acknowledged: ReviewWarningCode[],
  ): Promise<{ msg?: string }>;
  withdraw?(detail: ReviewDetail): Promise<{ msg?: string }>;
  onClose: () => void;
  /** After a decision or withdrawal (reload the list). */
  onDone: () => void;
}

const STATE_COLOR: Record<ReviewDetail['state'], string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  cancelled: 'default',
};

export default function ReviewModal({ reviewId, load, decide, withdraw, onClose, onDone }: ReviewModalProps) {
  const t = useKitText();
  const { message } = App.useApp();
  const [detail, setDetail] = useState<ReviewDetail | null>(null);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState<'approve' | 'reject' | 'withdraw' | null>(null);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState(false);
  const [chosen, setChosen] = useState<ReviewWarningCode[]>([]);

  useEffect(() => {
    setDetail(null);
    setComment('');
    setCommentError(false);
    setChosen([]);
    if (reviewId === null) return;
    let live = true;
    setLoading(true);
    load(reviewId)
      .then((res) => live && setDetail(res.data))
      .catch((err: unknown) => {
        if (live) void message.error(errorMessage(err, t('admin.loadFailed')));
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [reviewId, load, message, t]);

  const act = async (kind: 'approve' | 'reject' | 'withdraw') => {
    if (!detail) return;
    if (kind === 'reject' && !comment.trim()) {
      setCommentError(true);
      return;
    }
    setBusy(kind);
    try {
      const res =
        kind === 'withdraw' && withdraw
          ? await withdraw(detail)
          : await decide(detail, kind === 'approve', comment.trim(), chosen);
      void message.success(res.msg || t('admin.done'));
      onDone();
      onClose();
    } catch (err) {
      void message.error(errorMessage(err, t('admin.failed')));
    } finally {
      setBusy(null);
    }
  };

  const pending = detail?.state === 'pending';
  // The submission's warnings (the machine's), each ticked before approving.
  const mustChoose = detail?.warnings ?? [];
  const allChosen = mustChoose.every((w) => chosen.includes(w));
  const footer = (
    <Space>
      <Button onClick={onClose}>{t('admin.close')}</Button>
      {detail?.canCancel && withdraw && (
        <Popconfirm title={t('admin.review.withdrawConfirm')} onConfirm={() => void act('withdraw')}>
          <Button loading={busy === 'withdraw'} data-testid="review-withdraw">
            {t('admin.review.withdraw')}
          </Button>
        </Popconfirm>
      )}
      {detail?.canReview && (
        <>
          <Button danger loading={busy === 'reject'} onClick={() => void act('reject')} data-testid="review-reject">
            {t('admin.review.reject')}
          </Button>
          <Button
            type="primary"
            loading={busy === 'approve'}
            disabled={!allChosen}
            title={allChosen ? undefined : t('admin.effect.chooseFirst')}
            onClick={() => void act('approve')}
            data-testid="review-approve"
          >
            {t('admin.review.approve')}
          </Button>
        </>
      )}
    </Space>
  );

  return (
    <Modal
      open={reviewId !== null}
      title={detail ? t('admin.review.title', { title: detail.title }) : t('admin.review.button')}
      onCancel={onClose}
      footer={footer}
      width={760}
      destroyOnHidden
      data-testid="review-modal"
    >
      <Spin spinning={loading}>
        {detail && (
          <Space direction="vertical" style={{ width: '100%' }} size="middle">
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label={t('admin.review.type')}>
                <Tag color={detail.change === 'delete' ? 'red' : detail.change === 'create' ? 'green' : 'blue'}>
                  {t(`admin.change.${detail.change}`)}
                </Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('admin.review.state')}>
                <Tag color={STATE_COLOR[detail.state]} data-testid="review-state">
                  {t(`admin.review.states.${detail.state}`)}
                </Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('admin.review.submitter')}>{detail.submitterName}</Descriptions.Item>
              <Descriptions.Item label={t('admin.review.submittedAt')}>
                {formatDateTime(detail.submittedAt)}
              </Descriptions.Item>
              {!pending && (
                <>
                  <Descriptions.Item label={t('admin.review.reviewer')}>{detail.reviewerName ?? '-'}</Descriptions.Item>
                  <Descriptions.Item label={t('admin.review.reviewedAt')}>
                    {formatDateTime(detail.reviewedAt)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('admin.review.comment')} span={2}>
                    {detail.comment ?? '-'}
                  </Descriptions.Item>
                </>
              )}
            </Descriptions>
            <Typography.Text strong>{t('admin.review.diffTitle')}</Typography.Text>
            <Table<DiffRow>
              size="small"
              rowKey="field"
              pagination={false}
              dataSource={detail.diff}
              locale={{ emptyText: t('admin.review.noDiff') }}
              data-testid="review-diff"
              columns={[
                { title: t('admin.review.field'), dataIndex: 'label', width: 120 },
                {
                  title: t('admin.review.before'),
                  dataIndex: 'before',
                  render: (v: string) =>
                    v ? (
                      <Typography.Text type="secondary">{v}</Typography.Text>
                    ) : (
                      <Typography.Text type="secondary">-</Typography.Text>
                    ),
                },
                {
                  title: t('admin.review.after'),
                  dataIndex: 'after',
                  render: (v: string) =>
                    v ? (
                      <Typography.Text type="success">{v}</Typography.Text>
                    ) : (
                      <Typography.Text type="secondary">-</Typography.Text>
                    ),
                },
              ]}
            />
            {detail.effect && (
              <EffectPanel
                effect={detail.effect}
                chosen={chosen}
                onChoose={pending && detail.canReview ? setChosen : undefined}
              />
            )}
            {pending && detail.effect?.warnings.some((w) => !mustChoose.includes(w.code)) && (
              <Alert type="error" showIcon message={t('admin.effect.newWarning')} data-testid="effect-new-warning" />
            )}
            {pending && !detail.canReview && !detail.canCancel && (
              <Alert type="info" showIcon message={t('admin.review.notReviewer')} />
            )}
            {detail.canReview && (
              <div>
                <Typography.Text>{t('admin.review.comment')}</Typography.Text>
                <Input.TextArea
                  rows={3}
                  maxLength={500}
                  value={comment}
                  status={commentError ? 'error' : undefined}
                  placeholder={t('admin.review.commentPlaceholder')}
                  onChange={(e) => {
                    setComment(e.target.value);
                    setCommentError(false);
                  }}
                  data-testid="review-comment"
                />
                {commentError && <Typography.Text type="danger">{t('admin.review.commentRequired')}</Typography.Text>}
              </div>
            )}
          </Space>
        )}
      </Spin>
    </Modal>
  );
}

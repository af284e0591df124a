/**
 * The reviewer's window of a user or role submission: who submitted what and when, the diff
 * (field, before, after), and the decision (approve, or reject with a comment). The submitter of a
 * role change may withdraw it here. What the caller may do comes from the server (canReview,
 * canCancel: the recordReview machine's answer); the buttons only follow it.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Descriptions, Input, Modal, Popconfirm, Space, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/components/ProTableKit/format';
import { errorMessage, type ApiResult } from '@/services/request';
import type { DiffRow, ReviewDetail } from '@/services/systemUser';
import { NS } from './ns';

export interface ReviewModalProps {
  reviewId: number | null;
  load: (reviewId: number) => Promise<ApiResult<ReviewDetail>>;
  decide: (detail: ReviewDetail, approved: boolean, comment: string) => Promise<ApiResult<unknown>>;
  withdraw?: (detail: ReviewDetail) => Promise<ApiResult<unknown>>;
  onClose: () => void;
  /** After a decision or withdrawal (reload the list). */
  onDone: () => void;
}

const STATE_COLOR: Record<ReviewDetail['state'], string> = { pending: 'processing', approved: 'success', rejected: 'error', cancelled: 'default' };

export default function ReviewModal({ reviewId, load, decide, withdraw, onClose, onDone }: ReviewModalProps) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const [detail, setDetail] = useState<ReviewDetail | null>(null);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState<'approve' | 'reject' | 'withdraw' | null>(null);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState(false);

  useEffect(() => {
    setDetail(null);
    setComment('');
    setCommentError(false);
    if (reviewId === null) return;
    let live = true;
    setLoading(true);
    load(reviewId)
      .then((res) => live && setDetail(res.data))
      .catch((err: unknown) => {
        if (live) void message.error(errorMessage(err, t('common.loadFailed')));
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
      const res = kind === 'withdraw' && withdraw ? await withdraw(detail) : await decide(detail, kind === 'approve', comment.trim());
      void message.success(res.msg || t('common.done'));
      onDone();
      onClose();
    } catch (err) {
      void message.error(errorMessage(err, t('common.failed')));
    } finally {
      setBusy(null);
    }
  };

  const pending = detail?.state === 'pending';
  const footer = (
    <Space>
      <Button onClick={onClose}>{t('common.close')}</Button>
      {detail?.canCancel && withdraw && (
        <Popconfirm title={t('review.withdrawConfirm')} onConfirm={() => void act('withdraw')}>
          <Button loading={busy === 'withdraw'} data-testid="review-withdraw">
            {t('review.withdraw')}
          </Button>
        </Popconfirm>
      )}
      {detail?.canReview && (
        <>
          <Button danger loading={busy === 'reject'} onClick={() => void act('reject')} data-testid="review-reject">
            {t('review.reject')}
          </Button>
          <Button type="primary" loading={busy === 'approve'} onClick={() => void act('approve')} data-testid="review-approve">
            {t('review.approve')}
          </Button>
        </>
      )}
    </Space>
  );

  return (
    <Modal
      open={reviewId !== null}
      title={detail ? t('review.title', { title: detail.title }) : t('review.button')}
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
              <Descriptions.Item label={t('review.type')}>
                <Tag color={detail.change === 'delete' ? 'red' : detail.change === 'create' ? 'green' : 'blue'}>{t(`change.${detail.change}`)}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('review.state')}>
                <Tag color={STATE_COLOR[detail.state]} data-testid="review-state">
                  {t(`review.states.${detail.state}`)}
                </Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('review.submitter')}>{detail.submitterName}</Descriptions.Item>
              <Descriptions.Item label={t('review.submittedAt')}>{formatDateTime(detail.submittedAt)}</Descriptions.Item>
              {!pending && (
                <>
                  <Descriptions.Item label={t('review.reviewer')}>{detail.reviewerName ?? '-'}</Descriptions.Item>
                  <Descriptions.Item label={t('review.reviewedAt')}>{formatDateTime(detail.reviewedAt)}</Descriptions.Item>
                  <Descriptions.Item label={t('review.comment')} span={2}>
                    {detail.comment ?? '-'}
                  </Descriptions.Item>
                </>
              )}
            </Descriptions>
            <Typography.Text strong>{t('review.diffTitle')}</Typography.Text>
            <Table<DiffRow>
              size="small"
              rowKey="field"
              pagination={false}
              dataSource={detail.diff}
              locale={{ emptyText: t('review.noDiff') }}
              data-testid="review-diff"
              columns={[
                { title: t('review.field'), dataIndex: 'label', width: 120 },
                {
                  title: t('review.before'),
                  dataIndex: 'before',
                  render: (v: string) => (v ? <Typography.Text type="secondary">{v}</Typography.Text> : <Typography.Text type="secondary">-</Typography.Text>),
                },
                {
                  title: t('review.after'),
                  dataIndex: 'after',
                  render: (v: string) => (v ? <Typography.Text type="success">{v}</Typography.Text> : <Typography.Text type="secondary">-</Typography.Text>),
                },
              ]}
            />
            {pending && !detail.canReview && !detail.canCancel && <Alert type="info" showIcon message={t('review.notReviewer')} />}
            {detail.canReview && (
              <div>
                <Typography.Text>{t('review.comment')}</Typography.Text>
                <Input.TextArea
                  rows={3}
                  maxLength={500}
                  value={comment}
                  status={commentError ? 'error' : undefined}
                  placeholder={t('review.commentPlaceholder')}
                  onChange={(e) => {
                    setComment(e.target.value);
                    setCommentError(false);
                  }}
                  data-testid="review-comment"
                />
                {commentError && <Typography.Text type="danger">{t('review.commentRequired')}</Typography.Text>}
              </div>
            )}
          </Space>
        )}
      </Spin>
    </Modal>
  );
}

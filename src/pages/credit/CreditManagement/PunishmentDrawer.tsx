/** The punishment's detail: the decision, the holder, the certificates as they are today, the attachments (previewed in the page), and its reviews. */
import { useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  List,
  Skeleton,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDetail } from '@/components/DetailDrawer/useDetail';
import { formatDateTime } from '@/components/ProTableKit/format';
import { CheckStatusTag, useKitText } from '@/components/AdminKit';
import { creditPunishmentGet } from '@/services/generated/api';
import { certStatus } from '@/pages/web/components/format';
import FilePreview from './FilePreview';
import { NS, STATE_COLOR, TYPE_COLOR, type AttachedFile } from './types';
import ActionLink from '@/components/ActionLink';
import PersonalDatum from '@/components/PersonalDatum';

interface Props {
  id: number | null;
  onClose: () => void;
  /** Opens the review window of the pending submission. */
  onReview: (reviewId: number) => void;
}

export default function PunishmentDrawer({ id, onClose, onReview }: Props) {
  const { t } = useTranslation(NS);
  const kit = useKitText();
  const { detail, error } = useDetail(id, creditPunishmentGet, t('detail.loadFailed'));
  const [previewing, setPreviewing] = useState<AttachedFile | null>(null);

  const d = detail;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={820}
      title={t('detail.title')}
      destroyOnHidden
      data-testid="punishment-drawer"
    >
      {error && <Alert type="error" showIcon message={error} />}
      {!d && !error && <Skeleton active />}
      {d && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          {d.pendingReview && (
            <Alert
              type="warning"
              showIcon
              message={
                <Space>
                  <CheckStatusTag checkStatus={d.checkStatus} pending={d.pending} />
                  {t('detail.pendingReview')}
                </Space>
              }
              action={
                <Button
                  size="small"
                  onClick={() => onReview(d.pendingReview!.reviewId)}
                  data-testid="drawer-open-review"
                >
                  {t('detail.openReview')}
                </Button>
              }
            />
          )}
          <Descriptions bordered size="small" column={2} data-testid="punishment-detail">
            <Descriptions.Item label={t('field.name')}>{d.name}</Descriptions.Item>
            <Descriptions.Item label={t('field.idNo')}>
              <PersonalDatum datum="idNo" value={d.idNo} offer={d.personalData} testId="punishment-idNo" />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.type')}>
              <Tag color={TYPE_COLOR[d.type]}>{t(`type.${d.type}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.reviewState')}>
              <Space size={4}>
                <Tag color={STATE_COLOR[d.reviewState]} data-testid="detail-reviewState">
                  {t(`reviewState.${d.reviewState}`)}
                </Tag>
                {d.inForce && <Tag color="red">{t('inForce')}</Tag>}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.docNo')}>{d.docNo}</Descriptions.Item>
            <Descriptions.Item label={t('field.violateType')}>{d.violateTypeName}</Descriptions.Item>
            <Descriptions.Item label={t('field.reason')} span={2}>
              {d.reason}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.period')} span={2}>
              {d.endDate ? `${d.startDate} ~ ${d.endDate}` : d.startDate}
            </Descriptions.Item>
            {d.banUntil && (
              <>
                <Descriptions.Item label={t('field.banYears')}>
                  {t('years', { count: d.banYears ?? 0 })}
                </Descriptions.Item>
                <Descriptions.Item label={t('field.banUntil')}>{d.banUntil}</Descriptions.Item>
              </>
            )}
            <Descriptions.Item label={t('field.createdBy')}>{d.createdByName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('field.createdAt')}>{formatDateTime(d.createdAt)}</Descriptions.Item>
          </Descriptions>

          <div>
            <Typography.Title level={5}>{t('detail.certificates')}</Typography.Title>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={d.certificates}
              columns={[
                { title: t('field.certNo'), dataIndex: 'certNo' },
                { title: t('field.category'), dataIndex: 'categoryLabel', ellipsis: true },
                { title: t('field.enterprise'), dataIndex: 'enterpriseName', ellipsis: true },
                {
                  title: t('field.status'),
                  dataIndex: 'statusLabel',
                  width: 100,
                  render: (v: string, r) => (
                    <Tag color={certStatus(r.status).tone} data-testid="detail-cert-status">
                      {v}
                    </Tag>
                  ),
                },
              ]}
            />
          </div>

          <div>
            <Typography.Title level={5}>{t('detail.files')}</Typography.Title>
            {d.files.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noFiles')} />
            ) : (
              <List
                size="small"
                bordered
                dataSource={d.files}
                renderItem={(f) => (
                  <List.Item
                    actions={[
                      <ActionLink key="preview" onClick={() => setPreviewing(f)} data-testid="drawer-file-preview">
                        <EyeOutlined /> {t('action.preview')}
                      </ActionLink>,
                    ]}
                  >
                    {f.originalName}
                  </List.Item>
                )}
              />
            )}
          </div>

          <div>
            <Typography.Title level={5}>{t('detail.decisions')}</Typography.Title>
            {d.decisions.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noDecisions')} />
            ) : (
              <Timeline
                items={d.decisions.map((r) => ({
                  color:
                    r.state === 'approved'
                      ? 'green'
                      : r.state === 'rejected'
                        ? 'red'
                        : r.state === 'pending'
                          ? 'blue'
                          : 'gray',
                  children: (
                    <Space direction="vertical" size={0}>
                      <span>
                        {t('detail.submittedBy', {
                          name: r.submitterName,
                          time: formatDateTime(r.submittedAt),
                          change: kit(`admin.change.${r.change}`),
                        })}
                      </span>
                      {r.reviewedAt && (
                        <span>
                          {t('detail.reviewedBy', {
                            name: r.reviewerName ?? '-',
                            time: formatDateTime(r.reviewedAt),
                            state: t(`decision.${r.state}`),
                          })}
                        </span>
                      )}
                      {r.reviewedAt === null && r.state === 'pending' && (
                        <Typography.Text type="secondary">{t('decision.pending')}</Typography.Text>
                      )}
                      {r.comment && (
                        <Typography.Text type="secondary">
                          {kit('admin.review.comment')}：{r.comment}
                        </Typography.Text>
                      )}
                    </Space>
                  ),
                }))}
              />
            )}
          </div>
        </Space>
      )}
      <FilePreview file={previewing} onClose={() => setPreviewing(null)} />
    </Drawer>
  );
}

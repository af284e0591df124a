/**
 * 报名详情 (exam:examSign:detail, /exam/examSignDetail?id=): the candidate (real data for those
 * whose duty needs it), the batch, the sign-up's status and ticket, the sign-up rules checked now,
 * the result; and the actions the server allows on it.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Table, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { formatDateTime } from '@/components/ProTableKit/format';
import { errorMessage } from '@/services/request';
import { examSignGet } from '@/services/generated/api';
import type { ExamSignupDetail } from '@/services/generated/api.schemas';
import { BatchStateTag, SignupStatusTag } from '../components/Tags';
import { useSignupActions } from '../components/signupActions';
import { NS, useExamLabels } from '../components/text';
import PersonalDatum from '@/components/PersonalDatum';

export default function ExamSignDetail() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const labels = useExamLabels();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const [detail, setDetail] = useState<ExamSignupDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    if (!(id > 0)) {
      setError(t('detail.noId'));
      return;
    }
    examSignGet(id)
      .then((res) => setDetail(res.data))
      .catch((err: unknown) => setError(errorMessage(err, t('detail.loadFailed'))));
  }, [id, t]);
  useEffect(load, [load]);
  const actions = useSignupActions(load);

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/exam/examSign')}>
      {t('detail.back')}
    </Button>
  );
  if (error)
    return (
      <PageHeaderWrapper title={t('detail.title')}>
        <Result status="warning" title={error} extra={back} />
      </PageHeaderWrapper>
    );
  if (!detail)
    return (
      <PageHeaderWrapper title={t('detail.title')}>
        <Skeleton active />
      </PageHeaderWrapper>
    );
  const { person: p, batch: b, result: r, checks } = detail;
  const facts = Object.entries(checks.facts).filter(
    ([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v),
  );

  return (
    <PageHeaderWrapper
      title={t('detail.title')}
      description={`${detail.name} · ${detail.batchNo}`}
      extra={
        <Space>
          {back}
          {actions.links(detail)}
        </Space>
      }
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="sign-detail">
        <Card title={t('detail.signup')}>
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
            <Descriptions.Item label={t('sign.status')}>
              <SignupStatusTag status={detail.status} label={detail.statusLabel} />
            </Descriptions.Item>
            <Descriptions.Item label={t('sign.ticketNo')}>
              <span data-testid="detail-ticket">{detail.ticketNo ?? '-'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('sign.seatNo')}>{detail.seatNo ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('sign.enterprise')}>{detail.enterpriseName}</Descriptions.Item>
            <Descriptions.Item label={t('sign.position')}>{detail.positionLabel ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('sign.createdAt')}>{formatDateTime(detail.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.reviewer')}>{detail.reviewerName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('detail.reviewedAt')}>
              {formatDateTime(detail.reviewedAt) || '-'}
            </Descriptions.Item>
            {detail.refuseReason ? (
              <Descriptions.Item label={t('sign.refuseReason')}>{detail.refuseReason}</Descriptions.Item>
            ) : null}
          </Descriptions>
        </Card>
        <Card title={t('detail.person')}>
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
            <Descriptions.Item label={t('sign.name')}>{p.name}</Descriptions.Item>
            <Descriptions.Item label={t('sign.idNo')}>
              <PersonalDatum datum="idNo" value={p.idNo} offer={p.personalData} testId="sign-detail-idNo" />
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.birthDate')}>
              <PersonalDatum
                datum="birthDate"
                value={p.birthDate}
                offer={p.personalData}
                testId="sign-detail-birthDate"
              />
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.age')}>{p.age}</Descriptions.Item>
            <Descriptions.Item label={t('detail.phone')}>
              <PersonalDatum datum="phone" value={p.phone} offer={p.personalData} testId="sign-detail-phone" />
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.education')}>{p.educationLabel ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('detail.titleRank')}>{p.titleLabel ?? '-'}</Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title={t('detail.batch')}>
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
            <Descriptions.Item label={t('batch.batchNo')}>{b.batchNo}</Descriptions.Item>
            <Descriptions.Item label={t('batch.name')}>{b.name}</Descriptions.Item>
            <Descriptions.Item label={t('batch.state')}>
              <BatchStateTag state={b.state} label={b.stateLabel} />
            </Descriptions.Item>
            <Descriptions.Item label={t('batch.category')}>{b.categoryLabel}</Descriptions.Item>
            <Descriptions.Item label={t('batch.place')}>{b.place}</Descriptions.Item>
            <Descriptions.Item label={t('batch.knowledge')}>
              {formatDateTime(b.knowledgeStart, 'YYYY-MM-DD HH:mm')} – {formatDateTime(b.knowledgeEnd, 'HH:mm')}
            </Descriptions.Item>
            <Descriptions.Item label={t('batch.ability')}>
              {formatDateTime(b.abilityStart, 'YYYY-MM-DD HH:mm')} – {formatDateTime(b.abilityEnd, 'HH:mm')}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title={t('detail.checks')}>
          {checks.code === 0 ? (
            <Alert type="success" showIcon message={t('detail.checksPassed')} data-testid="detail-checks" />
          ) : (
            <Alert
              type="warning"
              showIcon
              message={t('detail.checksFailed')}
              description={checks.message}
              data-testid="detail-checks"
            />
          )}
          <Table
            style={{ marginTop: 12 }}
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={facts.map(([key, value]) => ({ key, value: value === null ? '-' : String(value) }))}
            columns={[
              { title: t('detail.fact'), dataIndex: 'key', render: (k: string) => t(`fact.${k}`, { defaultValue: k }) },
              { title: t('detail.value'), dataIndex: 'value' },
            ]}
          />
        </Card>
        <Card title={t('detail.result')}>
          {r ? (
            <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" data-testid="detail-result">
              <Descriptions.Item label={t('score.attended')}>{labels.attended(r.attended)}</Descriptions.Item>
              <Descriptions.Item label={t('score.knowledge')}>
                {labels.part(r.knowledgeResult)}
                {r.knowledgeScore !== null ? `（${r.knowledgeScore}）` : ''}
              </Descriptions.Item>
              <Descriptions.Item label={t('score.ability')}>
                {labels.part(r.abilityResult)}
                {r.abilityScore !== null ? `（${r.abilityScore}）` : ''}
              </Descriptions.Item>
              <Descriptions.Item label={t('score.conclusion')}>
                <Tag color={r.passed ? 'success' : 'error'}>{r.passed ? t('result.passed') : t('result.failed')}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('score.published')}>
                {r.published ? t('result.final') : t('result.notFinal')}
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <span>{t('detail.noResult')}</span>
          )}
        </Card>
      </Space>
      {actions.modal}
    </PageHeaderWrapper>
  );
}

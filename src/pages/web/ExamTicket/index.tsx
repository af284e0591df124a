/** /web/examTicket/:code (no login): the page the admission ticket's QR code opens, masked data only. */
import { useEffect, useState } from 'react';
import { Alert, Card, Descriptions, Result, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { isBadInput, isNotFound, toApiError } from '@/services/request';
import { publicExamTicket } from '@/services/generated/api';
import type { PublicExamTicket200Data } from '@/services/generated/api.schemas';
import styles from '../components/SearchPage.module.css';

type State =
  | { phase: 'loading' }
  | { phase: 'found'; ticket: PublicExamTicket200Data }
  | { phase: 'notFound' }
  | { phase: 'error'; msg: string };

export default function ExamTicketCheck() {
  const { t } = useTranslation('exam');
  const { code = '' } = useParams<{ code: string }>();
  const [state, setState] = useState<State>({ phase: 'loading' });
  useEffect(() => {
    let live = true;
    publicExamTicket(code)
      .then((res) => live && setState({ phase: 'found', ticket: res.data }))
      .catch((err: unknown) => {
        if (!live) return;
        const e = toApiError(err);
        setState(
          isNotFound(e) || isBadInput(e) ? { phase: 'notFound' } : { phase: 'error', msg: e.msg || t('public.failed') },
        );
      });
    return () => {
      live = false;
    };
  }, [code, t]);

  if (state.phase === 'loading')
    return (
      <div className={styles.page}>
        <Skeleton active />
      </div>
    );
  if (state.phase === 'notFound')
    return (
      <div className={styles.page}>
        <Result status="warning" title={t('public.ticket.notFound')} data-testid="ticket-not-found" />
      </div>
    );
  if (state.phase === 'error')
    return (
      <div className={styles.page}>
        <Alert type="error" showIcon message={state.msg} />
      </div>
    );
  const k = state.ticket;
  return (
    <div className={styles.page} data-testid="ticket-check">
      <Card title={t('public.ticket.title')}>
        {k.valid ? (
          <Alert
            type="success"
            showIcon
            message={t('public.ticket.valid')}
            style={{ marginBottom: 16 }}
            data-testid="ticket-valid"
          />
        ) : (
          <Alert
            type="error"
            showIcon
            message={t('public.ticket.invalid', { status: t(`status.${k.status}`, { defaultValue: k.statusLabel }) })}
            style={{ marginBottom: 16 }}
          />
        )}
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('public.grade.key')}>{k.ticketNo}</Descriptions.Item>
          <Descriptions.Item label={t('public.name')}>{k.name}</Descriptions.Item>
          <Descriptions.Item label={t('public.idNo')}>{k.idNoMasked}</Descriptions.Item>
          <Descriptions.Item label={t('public.batch')}>
            {k.batchNo} {k.batchName}
          </Descriptions.Item>
          <Descriptions.Item label={t('public.category')}>
            {k.category} {k.categoryLabel}
          </Descriptions.Item>
          <Descriptions.Item label={t('public.place')}>{k.place}</Descriptions.Item>
          <Descriptions.Item label={t('sign.seatNo')}>{k.seatNo}</Descriptions.Item>
          <Descriptions.Item label={t('score.knowledge')}>{k.knowledgeTime}</Descriptions.Item>
          <Descriptions.Item label={t('score.ability')}>{k.abilityTime}</Descriptions.Item>
          <Descriptions.Item label={t('batch.state')}>
            <Tag>{t(`state.${k.batchState}`, { defaultValue: k.batchStateLabel })}</Tag>
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </div>
  );
}

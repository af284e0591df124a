/**
 * What a sign-up row lets the caller do (its `actions`, the server's answer): accept, refuse with a
 * reason, withdraw, print the ticket. Shared by the sign-up list, the detail page and the ticket page.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { App, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmLink, RowLink } from '@/components/AdminKit';
import { errorMessage } from '@/services/request';
import { examSignAccept, examSignRefuse, examSignWithdraw } from '@/services/generated/api';
import type { ExamSignup } from '@/services/generated/api.schemas';
import { fetchPdf, openOrSave, ticketUrl } from './pdf';
import { NS } from './text';

type Row = Pick<ExamSignup, 'id' | 'name' | 'actions'>;

/** The calls behind the actions, each followed by `after` (reload). */
export function useSignupActions(after: () => void) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const [refusing, setRefusing] = useState<number[] | null>(null);
  const [reason, setReason] = useState('');
  const [printing, setPrinting] = useState<number | null>(null);

  const run = useCallback(async (call: () => Promise<{ msg: string }>) => {
    try {
      const res = await call();
      void message.success(res.msg);
    } catch (err) {
      void message.error(errorMessage(err, t('sign.actionFailed')));
    } finally {
      after();
    }
  }, [after, message, t]);

  const accept = (ids: number[]) => run(() => examSignAccept({ ids }));
  const withdraw = (ids: number[]) => run(() => examSignWithdraw({ ids }));
  const refuse = (ids: number[]) => {
    setReason('');
    setRefusing(ids);
  };
  const print = async (id: number) => {
    setPrinting(id);
    try {
      if (!openOrSave(await fetchPdf(ticketUrl(id)))) void message.info(t('print.popupBlocked'));
    } catch (err) {
      void message.error(errorMessage(err, t('print.failed')));
    } finally {
      setPrinting(null);
    }
  };

  const links = (r: Row): ReactNode[] => [
    r.actions.includes('accept') ? (
      <ConfirmLink key="accept" danger={false} title={t('sign.acceptConfirm', { name: r.name })} onConfirm={() => accept([r.id])} testId="sign-accept">{t('sign.accept')}</ConfirmLink>
    ) : null,
    r.actions.includes('refuse') ? <RowLink key="refuse" testId="sign-refuse" onClick={() => refuse([r.id])}>{t('sign.refuse')}</RowLink> : null,
    r.actions.includes('withdraw') ? (
      <ConfirmLink key="withdraw" title={t('sign.withdrawConfirm', { name: r.name })} onConfirm={() => withdraw([r.id])} testId="sign-withdraw">{t('sign.withdraw')}</ConfirmLink>
    ) : null,
    r.actions.includes('print') ? (
      <RowLink key="print" testId="sign-print" disabled={printing === r.id} onClick={() => void print(r.id)}>{t('sign.print')}</RowLink>
    ) : null,
  ];

  const modal = (
    <Modal
      open={refusing !== null}
      title={t('sign.refuseTitle')}
      okText={t('sign.refuse')}
      okButtonProps={{ danger: true, disabled: reason.trim() === '', 'data-testid': 'sign-refuse-ok' }}
      onCancel={() => setRefusing(null)}
      onOk={async () => {
        if (!refusing) return;
        await run(() => examSignRefuse({ ids: refusing, reason: reason.trim() }));
        setRefusing(null);
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('sign.refuseHint', { count: refusing?.length ?? 0 })}</Typography.Paragraph>
      <Input.TextArea rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('sign.refuseReason')} data-testid="sign-refuse-reason" />
    </Modal>
  );

  return { links, modal, accept, print };
}

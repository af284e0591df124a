/**
 * What a sign-up row lets the caller do (its `actions`, the server's answer): accept, refuse with a
 * reason, withdraw, print the ticket. Shared by the sign-up list, the detail page and the ticket page.
 * Several selected sign-ups are reviewed each on its own (POST /exam/sign/review): the answer of
 * each is listed afterwards.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { App, Button, Input, Modal, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmLink, RowLink } from '@/components/AdminKit';
import { errorMessage } from '@/services/request';
import { examSignAccept, examSignRefuse, examSignReview, examSignWithdraw } from '@/services/generated/api';
import type { ExamSignReview200, ExamSignup } from '@/services/generated/api.schemas';
import { fetchPdf, openOrSave, ticketUrl } from './pdf';
import { NS } from './text';

type Row = Pick<ExamSignup, 'id' | 'name' | 'actions'>;
type ReviewLine = ExamSignReview200['data']['results'][number];

/** The calls behind the actions, each followed by `after` (reload). */
export function useSignupActions(after: () => void) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const [refusing, setRefusing] = useState<number[] | null>(null);
  const [reason, setReason] = useState('');
  const [printing, setPrinting] = useState<number | null>(null);
  // Several at once: each reviewed on its own, then the answer of each (names from the rows shown).
  const [eachOnItsOwn, setEachOnItsOwn] = useState(false);
  const [answer, setAnswer] = useState<{ lines: ReviewLine[]; names: Map<number, string> } | null>(null);
  const [names, setNames] = useState<Map<number, string>>(new Map());

  const run = useCallback(
    async (call: () => Promise<{ msg: string }>) => {
      try {
        const res = await call();
        void message.success(res.msg);
      } catch (err) {
        void message.error(errorMessage(err, t('sign.actionFailed')));
      } finally {
        after();
      }
    },
    [after, message, t],
  );

  const accept = (ids: number[]) => run(() => examSignAccept({ ids }));
  /** Reviews each of the rows on its own and lists what happened to each. */
  const review = async (action: 'accept' | 'refuse', rows: Pick<Row, 'id' | 'name'>[], why?: string) => {
    const named = new Map(rows.map((r) => [r.id, r.name]));
    try {
      const res = await examSignReview({ action, ids: rows.map((r) => r.id), reason: why });
      setAnswer({ lines: res.data.results, names: named });
      if (res.data.failed === 0) void message.success(res.msg);
      else void message.warning(res.msg);
    } catch (err) {
      void message.error(errorMessage(err, t('sign.actionFailed')));
    } finally {
      after();
    }
  };
  const acceptEach = (rows: Pick<Row, 'id' | 'name'>[]) => review('accept', rows);
  const refuseEach = (rows: Pick<Row, 'id' | 'name'>[]) => {
    setReason('');
    setNames(new Map(rows.map((r) => [r.id, r.name])));
    setEachOnItsOwn(true);
    setRefusing(rows.map((r) => r.id));
  };
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
      <ConfirmLink
        key="accept"
        danger={false}
        title={t('sign.acceptConfirm', { name: r.name })}
        onConfirm={() => accept([r.id])}
        testId="sign-accept"
      >
        {t('sign.accept')}
      </ConfirmLink>
    ) : null,
    r.actions.includes('refuse') ? (
      <RowLink key="refuse" testId="sign-refuse" onClick={() => refuse([r.id])}>
        {t('sign.refuse')}
      </RowLink>
    ) : null,
    r.actions.includes('withdraw') ? (
      <ConfirmLink
        key="withdraw"
        title={t('sign.withdrawConfirm', { name: r.name })}
        onConfirm={() => withdraw([r.id])}
        testId="sign-withdraw"
      >
        {t('sign.withdraw')}
      </ConfirmLink>
    ) : null,
    r.actions.includes('print') ? (
      <RowLink key="print" testId="sign-print" disabled={printing === r.id} onClick={() => void print(r.id)}>
        {t('sign.print')}
      </RowLink>
    ) : null,
  ];

  const modal = (
    <Modal
      open={refusing !== null}
      title={t('sign.refuseTitle')}
      okText={t('sign.refuse')}
      okButtonProps={{ danger: true, disabled: reason.trim() === '', 'data-testid': 'sign-refuse-ok' }}
      onCancel={() => {
        setRefusing(null);
        setEachOnItsOwn(false);
      }}
      onOk={async () => {
        if (!refusing) return;
        if (eachOnItsOwn)
          await review(
            'refuse',
            refusing.map((id) => ({ id, name: names.get(id) ?? String(id) })),
            reason.trim(),
          );
        else await run(() => examSignRefuse({ ids: refusing, reason: reason.trim() }));
        setRefusing(null);
        setEachOnItsOwn(false);
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('sign.refuseHint', { count: refusing?.length ?? 0 })}</Typography.Paragraph>
      <Input.TextArea
        rows={3}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder={t('sign.refuseReason')}
        data-testid="sign-refuse-reason"
      />
    </Modal>
  );

  const answerModal = (
    <Modal
      open={answer !== null}
      title={t('sign.reviewAnswer')}
      onCancel={() => setAnswer(null)}
      footer={
        <Button type="primary" onClick={() => setAnswer(null)} data-testid="sign-review-close">
          {t('sign.close')}
        </Button>
      }
      width={680}
      destroyOnHidden
    >
      <Table<ReviewLine>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={answer?.lines ?? []}
        data-testid="sign-review-answer"
        columns={[
          { title: t('sign.name'), dataIndex: 'id', width: 120, render: (id: number) => answer?.names.get(id) ?? id },
          {
            title: t('sign.outcome'),
            dataIndex: 'ok',
            width: 110,
            render: (ok: boolean) => (
              <Tag color={ok ? 'green' : 'red'}>{t(ok ? 'sign.lineDone' : 'sign.lineLeft')}</Tag>
            ),
          },
          { title: t('sign.message'), dataIndex: 'msg' },
        ]}
      />
    </Modal>
  );

  return {
    links,
    modal: (
      <>
        {modal}
        {answerModal}
      </>
    ),
    accept,
    acceptEach,
    refuseEach,
    print,
  };
}

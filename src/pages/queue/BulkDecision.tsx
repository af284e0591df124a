/**
 * The selected rows of a queue decided together: one button per decision that every selected row
 * allows now (the rows' allowedEvents, the server's answer), a dialog for the comment (presets of the
 * comment dictionaries, required for 退回 and 不同意), then POST /workflow/bulk/events and the answer
 * for each row — decided, or why not — in a dialog of its own. The page reloads afterwards.
 */
import { useEffect, useRef, useState } from 'react';
import { App, Button, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import { errorMessage, isUnauthorized } from '@/services/request';
import { BULK_EVENTS, decideTogether, type BulkEvent, type BulkLine, type QueueRow } from '@/services/workflow';
import { loadPresets } from '@/components/WorkflowActions';
import {
  buttonKind,
  COMMENT_REQUIRED,
  eventLabelKey,
  orderedEvents,
  presetDictFor,
} from '@/components/WorkflowActions/events';
import type { SystemDictDataType200 } from '@/services/generated/api.schemas';

type DictOption = SystemDictDataType200['data'][number];

/** The decisions every one of the rows allows now, in the buttons' order. */
export function commonDecisions(rows: readonly Pick<QueueRow, 'allowedEvents'>[]): BulkEvent[] {
  if (rows.length === 0) return [];
  const shared = BULK_EVENTS.filter((e) => rows.every((r) => (r.allowedEvents as readonly string[]).includes(e)));
  return orderedEvents(shared);
}

/** The one step of all the rows, or null when they are at different steps (the buttons then say the plain event). */
const sharedStep = (rows: readonly Pick<QueueRow, 'step'>[]) =>
  rows.every((r) => r.step === rows[0]?.step) ? (rows[0]?.step ?? null) : null;

export interface BulkDecisionProps {
  rows: QueueRow[];
  onDone: () => void;
}

export default function BulkDecision({ rows, onDone }: BulkDecisionProps) {
  const { t } = useTranslation('workflow');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ preset?: string; comment?: string }>();
  const [event, setEvent] = useState<BulkEvent | null>(null);
  const [sending, setSending] = useState(false);
  const commentRef = useRef<TextAreaRef>(null);
  const [presets, setPresets] = useState<DictOption[]>([]);
  const [answer, setAnswer] = useState<BulkLine[] | null>(null);

  const decisions = commonDecisions(rows);
  const step = sharedStep(rows);
  const businessType = rows.every((r) => r.businessType === rows[0]?.businessType) ? rows[0]?.businessType : null;
  const label = (e: string) => t(eventLabelKey(e, step), { defaultValue: e });
  const required = event ? COMMENT_REQUIRED.has(event) : false;
  const dictType = event ? presetDictFor(event, businessType) : null;

  useEffect(() => {
    let live = true;
    setPresets([]);
    if (dictType) void loadPresets(dictType).then((list) => live && setPresets(list));
    return () => {
      live = false;
    };
  }, [dictType]);

  const submit = async () => {
    if (!event) return;
    const values = await form.validateFields();
    setSending(true);
    try {
      const res = await decideTogether({
        type: event,
        comment: values.comment?.trim() || undefined,
        items: rows.map((r) => ({ id: r.id, version: r.version })),
      });
      setEvent(null);
      setAnswer(res.data.results);
      if (res.data.failed === 0) void message.success(t('bulk.allDone', { count: res.data.done }));
      else void message.warning(t('bulk.someLeft', { done: res.data.done, failed: res.data.failed }));
    } catch (err) {
      if (!isUnauthorized(err)) void message.error(errorMessage(err, t('result.failed')));
    } finally {
      setSending(false);
    }
  };

  const closeAnswer = () => {
    setAnswer(null);
    onDone();
  };

  return (
    <>
      <Space wrap data-testid="bulk-actions">
        <Typography.Text>{t('bulk.selected', { count: rows.length })}</Typography.Text>
        {decisions.length === 0 ? (
          <Typography.Text type="secondary" data-testid="bulk-none">
            {t('bulk.noCommon')}
          </Typography.Text>
        ) : (
          decisions.map((e) => {
            const kind = buttonKind(e);
            return (
              <Button
                key={e}
                type={kind.type}
                danger={kind.danger}
                onClick={() => setEvent(e)}
                data-testid={`bulk-action-${e}`}
              >
                {t('bulk.action', { action: label(e), count: rows.length })}
              </Button>
            );
          })
        )}
      </Space>
      <Modal
        open={!!event}
        // The dialog takes the focus as it opens: then the comment box, so typing (or Ctrl+Enter) goes there.
        afterOpenChange={(opened) => opened && commentRef.current?.focus()}
        title={event ? t('bulk.title', { action: label(event), count: rows.length }) : undefined}
        onCancel={() => (sending ? undefined : setEvent(null))}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={() => setEvent(null)} disabled={sending}>
            {t('confirm.cancel')}
          </Button>,
          <Button
            key="ok"
            type="primary"
            danger={event ? buttonKind(event).danger : false}
            loading={sending}
            onClick={() => void submit().catch(() => undefined)}
            data-testid="bulk-submit"
          >
            {event ? t('bulk.action', { action: label(event), count: rows.length }) : t('confirm.ok')}
          </Button>,
        ]}
      >
        <Typography.Paragraph>{t('bulk.explain')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary" data-testid="bulk-items">
          {rows.map((r) => r.applyNo).join('、')}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false}>
          {dictType ? (
            <Form.Item name="preset" label={t('comment.preset')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={t('comment.presetPlaceholder')}
                options={presets.map((p) => ({ value: String(p.dictValue), label: p.dictLabel }))}
                onChange={(v: string | undefined) => {
                  const hit = presets.find((p) => String(p.dictValue) === v);
                  if (hit) form.setFieldsValue({ comment: hit.dictLabel });
                }}
              />
            </Form.Item>
          ) : null}
          <Form.Item
            name="comment"
            label={t('comment.label')}
            rules={[
              { required, whitespace: true, message: t('comment.required') },
              { max: 500, message: t('comment.tooLong', { max: 500 }) },
            ]}
          >
            <Input.TextArea
              data-testid="bulk-comment"
              rows={3}
              maxLength={500}
              showCount
              ref={commentRef}
              placeholder={t(required ? 'comment.placeholderRequired' : 'comment.placeholder')}
              onKeyDown={(ke) => {
                if (ke.key === 'Enter' && (ke.ctrlKey || ke.metaKey) && !sending) {
                  ke.preventDefault();
                  void submit().catch(() => undefined);
                }
              }}
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={answer !== null}
        title={t('bulk.answerTitle')}
        onCancel={closeAnswer}
        footer={
          <Button type="primary" onClick={closeAnswer} data-testid="bulk-answer-close">
            {t('view.close')}
          </Button>
        }
        width={720}
        destroyOnHidden
      >
        <Table<BulkLine>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={answer ?? []}
          data-testid="bulk-answer"
          columns={[
            {
              title: t('field.applyNo'),
              dataIndex: 'applyNo',
              width: 170,
              render: (v: string | null, r) => v ?? String(r.id),
            },
            {
              title: t('bulk.outcome'),
              dataIndex: 'ok',
              width: 100,
              render: (ok: boolean) => (
                <Tag color={ok ? 'green' : 'red'}>{t(ok ? 'bulk.lineDone' : 'bulk.lineLeft')}</Tag>
              ),
            },
            { title: t('bulk.message'), dataIndex: 'msg' },
          ]}
        />
      </Modal>
    </>
  );
}

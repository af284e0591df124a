/**
 * One button per allowedEvents entry of an application (the server decides, the client only
 * renders). Each opens a comment modal (presets from the comment dictionaries plus free text;
 * required for DISAGREE, RETURN and DECLINE); DISAGREE, RETURN, WITHDRAW and DELETE ask for
 * confirmation first. Sends POST /workflow/{id}/events with the detail's version; on success
 * onDone(answer): the application now and the history row written; on 409 (stale version or no
 * longer allowed) shows the server msg and calls onStale() so the caller reloads.
 */
import { useEffect, useState } from 'react';
import { App, Button, Form, Input, Modal, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, isUnauthorized, toApiError } from '@/services/request';
import { systemDictDataType, workflowEvents } from '@/services/generated/api';
import type { SystemDictDataType200, WorkflowEventsBody } from '@/services/generated/api.schemas';
import type { ApplicationDetail, TransitionAnswer } from '@/services/workflow';
import { buttonKind, COMMENT_REQUIRED, CONFIRM_FIRST, eventLabelKey, orderedEvents, presetDictFor } from './events';

export interface WorkflowActionsProps {
  detail: Pick<ApplicationDetail, 'id' | 'version' | 'allowedEvents' | 'step' | 'businessType'>;
  onDone?: (answer: TransitionAnswer) => void;
  onStale?: () => void;
  size?: 'small' | 'middle' | 'large';
  disabled?: boolean;
}

type DictOption = SystemDictDataType200['data'][number];
type WorkflowEvent = WorkflowEventsBody['type'];

const presetCache = new Map<string, Promise<DictOption[]>>();

function loadPresets(dictType: NonNullable<ReturnType<typeof presetDictFor>>): Promise<DictOption[]> {
  let p = presetCache.get(dictType);
  if (!p) {
    p = systemDictDataType({ dictType })
      .then((r) => (Array.isArray(r?.data) ? r.data : []))
      .catch(() => {
        presetCache.delete(dictType);
        return [];
      });
    presetCache.set(dictType, p);
  }
  return p;
}

/** Clears the cached comment presets (tests). */
export function clearPresetCache(): void {
  presetCache.clear();
}

export default function WorkflowActions({ detail, onDone, onStale, size, disabled }: WorkflowActionsProps) {
  const { t } = useTranslation('workflow');
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<{ preset?: string; comment?: string }>();
  const [event, setEvent] = useState<WorkflowEvent | null>(null);
  const [presets, setPresets] = useState<DictOption[]>([]);
  const [sending, setSending] = useState(false);

  const events = orderedEvents(detail.allowedEvents);
  const label = (e: string) => t(eventLabelKey(e, detail.step), { defaultValue: e });
  const required = event ? COMMENT_REQUIRED.has(event) : false;
  const dictType = event ? presetDictFor(event, detail.businessType) : null;

  useEffect(() => {
    let live = true;
    setPresets([]);
    if (dictType) void loadPresets(dictType).then((list) => live && setPresets(list));
    return () => {
      live = false;
    };
  }, [dictType]);

  const openComment = (e: WorkflowEvent) => setEvent(e);

  const click = (e: WorkflowEvent) => {
    if (CONFIRM_FIRST.has(e)) {
      modal.confirm({
        title: t('confirm.title'),
        content: t([`confirm.${e}_${detail.step ?? ''}`, `confirm.${e}`]),
        okText: t('confirm.ok'),
        cancelText: t('confirm.cancel'),
        okButtonProps: { danger: e === 'DELETE' || e === 'DISAGREE', ...({ 'data-testid': 'wf-confirm-ok' } as Record<string, string>) },
        onOk: () => openComment(e),
      });
    } else {
      openComment(e);
    }
  };

  const submit = async () => {
    if (!event) return;
    const values = await form.validateFields();
    const comment = values.comment?.trim() || undefined;
    setSending(true);
    try {
      const res = await workflowEvents(detail.id, { type: event, comment, version: detail.version });
      message.success(t('result.done', { action: label(event) }));
      setEvent(null);
      onDone?.(res.data);
    } catch (err) {
      const e = toApiError(err);
      if (e.status === 409 || e.code === 409) {
        message.error(e.msg || t('result.stale'));
        setEvent(null);
        onStale?.();
      } else if (!isUnauthorized(err)) {
        message.error(errorMessage(err, t('result.failed')));
      }
    } finally {
      setSending(false);
    }
  };

  if (events.length === 0) return null;

  return (
    <>
      <Space wrap data-testid="wf-actions">
        {events.map((e) => {
          const kind = buttonKind(e);
          return (
            <Button key={e} size={size} type={kind.type} danger={kind.danger} disabled={disabled} onClick={() => click(e)} data-testid={`wf-action-${e}`}>
              {label(e)}
            </Button>
          );
        })}
      </Space>
      <Modal
        open={!!event}
        title={event ? t('comment.title', { action: label(event) }) : undefined}
        onCancel={() => (sending ? undefined : setEvent(null))}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={() => setEvent(null)} disabled={sending}>
            {t('confirm.cancel')}
          </Button>,
          <Button key="ok" type="primary" loading={sending} onClick={() => void submit().catch(() => undefined)} data-testid="wf-submit">
            {event ? label(event) : t('confirm.ok')}
          </Button>,
        ]}
      >
        <Form form={form} layout="vertical" preserve={false} data-testid="wf-comment-form">
          {dictType ? (
            <Form.Item name="preset" label={t('comment.preset')}>
              <Select
                data-testid="wf-comment-preset"
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
            <Input.TextArea data-testid="wf-comment" rows={4} maxLength={500} showCount placeholder={t(required ? 'comment.placeholderRequired' : 'comment.placeholder')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

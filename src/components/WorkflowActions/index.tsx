/**
 * One button per allowedEvents entry of an application (the server decides, the client only
 * renders). Each opens a comment modal (presets from the comment dictionaries plus free text;
 * required for DISAGREE, RETURN and DECLINE); DISAGREE, RETURN, WITHDRAW and DELETE ask for
 * confirmation first. Sends POST /workflow/{id}/events with the detail's version; on success
 * onDone(answer): the application now and the history row written; on 409 (stale version or no
 * longer allowed) shows the server msg and calls onStale() so the caller reloads.
 * With `shortcuts`, the keys of SHORTCUT_KEYS press their event's button (when the row allows it and
 * no field has the focus), and Ctrl+Enter sends the comment dialog: a reviewer decides without the mouse.
 */
import { useEffect, useRef, useState } from 'react';
import { App, Button, Form, Input, Modal, Select, Space, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import { errorMessage, isUnauthorized, toApiError } from '@/services/request';
import { systemDictDataType, workflowEvents } from '@/services/generated/api';
import type { SystemDictDataType200, WorkflowEventsBody } from '@/services/generated/api.schemas';
import type { ApplicationDetail, TransitionAnswer } from '@/services/workflow';
import {
  buttonKind,
  COMMENT_REQUIRED,
  CONFIRM_FIRST,
  eventLabelKey,
  orderedEvents,
  presetDictFor,
  SHORTCUT_KEYS,
  shortcutEvent,
} from './events';

export interface WorkflowActionsProps {
  detail: Pick<ApplicationDetail, 'id' | 'version' | 'allowedEvents' | 'step' | 'businessType'>;
  onDone?: (answer: TransitionAnswer) => void;
  onStale?: () => void;
  size?: 'small' | 'middle' | 'large';
  disabled?: boolean;
  /** Listen for the decision keys (A agree, R return) while mounted: the view modal of a reviewer's queue. */
  shortcuts?: boolean;
}

type DictOption = SystemDictDataType200['data'][number];
type WorkflowEvent = WorkflowEventsBody['type'];

const presetCache = new Map<string, Promise<DictOption[]>>();

/** The phrases of a comment dictionary, fetched once per page load. */
export function loadPresets(dictType: NonNullable<ReturnType<typeof presetDictFor>>): Promise<DictOption[]> {
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

/** A key drawn on its button (its name is the button's aria-keyshortcuts). */
export const KEY_STYLE = {
  marginInlineStart: 6,
  padding: '0 4px',
  fontSize: 11,
  lineHeight: '16px',
  border: '1px solid currentColor',
  borderRadius: 3,
  opacity: 0.85,
} as const;

/** Whether a key press belongs to a field (typing) rather than to the page's shortcuts. */
export function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return el.isContentEditable || el.closest('input, textarea, select, [contenteditable="true"], .ant-select') !== null;
}

export default function WorkflowActions({ detail, onDone, onStale, size, disabled, shortcuts }: WorkflowActionsProps) {
  const { t } = useTranslation('workflow');
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<{ preset?: string; comment?: string }>();
  const [event, setEvent] = useState<WorkflowEvent | null>(null);
  const [presets, setPresets] = useState<DictOption[]>([]);
  const [sending, setSending] = useState(false);
  const commentRef = useRef<TextAreaRef>(null);

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
  // The key handler reads the latest click (it is registered once per mount).
  const clickRef = useRef<(e: WorkflowEvent) => void>(() => undefined);

  const click = (e: WorkflowEvent) => {
    if (CONFIRM_FIRST.has(e)) {
      modal.confirm({
        title: t('confirm.title'),
        content: t([`confirm.${e}_${detail.step ?? ''}`, `confirm.${e}`]),
        okText: t('confirm.ok'),
        cancelText: t('confirm.cancel'),
        okButtonProps: {
          danger: e === 'DELETE' || e === 'DISAGREE',
          ...({ 'data-testid': 'wf-confirm-ok' } as Record<string, string>),
        },
        onOk: () => openComment(e),
      });
    } else {
      openComment(e);
    }
  };

  clickRef.current = click;
  const busy = event !== null || sending || !!disabled;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listener follows the events' content (a new array with the same events keeps it)
  useEffect(() => {
    if (!shortcuts || busy) return;
    const onKey = (ke: KeyboardEvent) => {
      if (ke.ctrlKey || ke.metaKey || ke.altKey || ke.repeat || typingIn(ke.target)) return;
      // A confirmation dialog on top (Modal.confirm) takes the keys.
      if (document.querySelector('.ant-modal-confirm')) return;
      const e = shortcutEvent(ke.key, events);
      if (!e) return;
      ke.preventDefault();
      clickRef.current(e);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shortcuts, busy, events.join()]);

  const submit = async () => {
    if (!event) return;
    const values = await form.validateFields();
    const comment = values.comment?.trim() || undefined;
    setSending(true);
    try {
      const res = await workflowEvents(detail.id, { type: event, comment, version: detail.version });
      void message.success(t('result.done', { action: label(event) }));
      setEvent(null);
      onDone?.(res.data);
    } catch (err) {
      const e = toApiError(err);
      if (e.status === 409 || e.code === 409) {
        void message.error(e.msg || t('result.stale'));
        setEvent(null);
        onStale?.();
      } else if (!isUnauthorized(err)) {
        void message.error(errorMessage(err, t('result.failed')));
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
            <Button
              key={e}
              size={size}
              type={kind.type}
              danger={kind.danger}
              disabled={disabled}
              onClick={() => click(e)}
              data-testid={`wf-action-${e}`}
              aria-keyshortcuts={shortcuts && SHORTCUT_KEYS[e] ? SHORTCUT_KEYS[e] : undefined}
            >
              {label(e)}
              {shortcuts && SHORTCUT_KEYS[e] ? (
                <kbd aria-hidden style={KEY_STYLE}>
                  {SHORTCUT_KEYS[e]}
                </kbd>
              ) : null}
            </Button>
          );
        })}
      </Space>
      <Modal
        open={!!event}
        // The dialog takes the focus as it opens: then the comment box, so typing (or Ctrl+Enter) goes there.
        afterOpenChange={(opened) => opened && commentRef.current?.focus()}
        title={event ? t('comment.title', { action: label(event) }) : undefined}
        onCancel={() => (sending ? undefined : setEvent(null))}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={() => setEvent(null)} disabled={sending}>
            {t('confirm.cancel')}
          </Button>,
          <Button
            key="ok"
            type="primary"
            loading={sending}
            onClick={() => void submit().catch(() => undefined)}
            data-testid="wf-submit"
          >
            {event ? label(event) : t('confirm.ok')}
          </Button>,
        ]}
      >
        <Form form={form} layout="vertical" preserve={false} data-testid="wf-comment-form">
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('shortcut.send')}
          </Typography.Paragraph>
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
            <Input.TextArea
              data-testid="wf-comment"
              rows={4}
              maxLength={500}
              showCount
              ref={commentRef}
              placeholder={t(required ? 'comment.placeholderRequired' : 'comment.placeholder')}
              onKeyDown={(ke) => {
                // Ctrl+Enter (⌘+Enter) sends, as the button does; Enter alone starts a new line.
                if (ke.key === 'Enter' && (ke.ctrlKey || ke.metaKey) && !sending) {
                  ke.preventDefault();
                  void submit().catch(() => undefined);
                }
              }}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

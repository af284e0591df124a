/**
 * 考试批次 (exam:examBatch:*): the centre's batches with their state and seats, the editor (drafts
 * only), removal of drafts, and the lifecycle moves each row allows now (the row's `events`, the
 * batch machine's answer): open, close, reopen, cancel with a reason, record as held, publish.
 */
import { useState } from 'react';
import { App, Form, Input, Modal, Space, Typography } from 'antd';
import {
  ProFormDateRangePicker,
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormSelect,
  ProFormText,
  type ProColumns,
} from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  ConfirmLink,
  EditLink,
  EditorModal,
  ListPage,
  RemoveLink,
  RowLink,
  useAdminList,
  useAreaOptions,
  useRules,
} from '@/components/AdminKit';
import { formatDateTime } from '@/components/ProTableKit/format';
import { errorMessage } from '@/services/request';
import {
  examBatchEvent,
  examBatchExport,
  examBatchList,
  examBatchRemove,
  examBatchSave,
  examBatchUpdate,
} from '@/services/generated/api';
import type {
  ExamBatch,
  ExamBatchEventBodyType,
  ExamBatchListParams,
  ExamBatchSaveBody,
} from '@/services/generated/api.schemas';
import { useCurrentUser } from '@/store/user';
import { BatchStateTag } from '../components/Tags';
import { BATCH_STATES, CATEGORIES, NS, useExamLabels } from '../components/text';

type Search = Omit<ExamBatchListParams, 'pageNum' | 'pageSize'>;

interface EditorValues extends Record<string, unknown> {
  name: string;
  category: string;
  area: string;
  place: string;
  knowledgeStart: string;
  knowledgeEnd: string;
  abilityStart: string;
  abilityEnd: string;
  capacity: number;
  signup: [string, string];
}

const WALL = 'YYYY-MM-DD HH:mm';
/** The moves a row may offer, in the order of the batch's life (the row says which apply now). */
const MOVES: ExamBatchEventBodyType[] = ['OPEN', 'CLOSE', 'REOPEN', 'HOLD', 'PUBLISH'];

export default function ExamBatchList() {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const labels = useExamLabels();
  const rules = useRules();
  const areaOptions = useAreaOptions();
  const { list, cols, editor, remove } = useAdminList<ExamBatch, Search>((q) => examBatchList(q));
  const [cancelling, setCancelling] = useState<ExamBatch | null>(null);
  const [reason, setReason] = useState('');

  const move = async (b: ExamBatch, type: ExamBatchEventBodyType, comment?: string) => {
    try {
      const res = await examBatchEvent(b.id, { type, version: b.version, comment });
      void message.success(res.msg);
      list.reload();
      return true;
    } catch (err) {
      void message.error(errorMessage(err, t('batch.moveFailed')));
      list.reload();
      return false;
    }
  };

  const columns: ProColumns<ExamBatch>[] = [
    {
      title: t('batch.batchNo'),
      dataIndex: 'batchNo',
      width: 120,
      search: false,
      render: (_d, r) => <Typography.Text copyable>{r.batchNo}</Typography.Text>,
    },
    {
      title: t('batch.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { 'data-testid': 'search-keyword' },
    },
    { title: t('batch.name'), dataIndex: 'name', ellipsis: true, search: false },
    {
      title: t('batch.category'),
      dataIndex: 'category',
      width: 200,
      ellipsis: true,
      valueType: 'select',
      valueEnum: Object.fromEntries(CATEGORIES.map((c) => [c, { text: c }])),
      render: (_d, r) => r.categoryLabel,
    },
    {
      title: t('batch.area'),
      dataIndex: 'area',
      width: 110,
      valueType: 'select',
      valueEnum: Object.fromEntries(areaOptions.map((o) => [o.value, { text: o.label }])),
      render: (_d, r) => labels.area(r.area),
    },
    { title: t('batch.examDay'), dataIndex: 'examDay', width: 110, search: false },
    {
      title: t('batch.signupWindow'),
      dataIndex: 'signupFrom',
      width: 200,
      search: false,
      render: (_d, r) => `${r.signupFrom} ~ ${r.signupTo}`,
    },
    {
      title: t('batch.seats'),
      dataIndex: 'capacity',
      width: 170,
      search: false,
      render: (_d, r) =>
        t('batch.seatsText', { capacity: r.capacity, pending: r.pending, accepted: r.accepted, left: r.seatsLeft }),
    },
    {
      title: t('batch.state'),
      dataIndex: 'state',
      width: 110,
      valueType: 'select',
      valueEnum: Object.fromEntries(BATCH_STATES.map((s) => [s, { text: labels.state(s) }])),
      render: (_d, r) => <BatchStateTag state={r.state} label={r.stateLabel} />,
    },
    cols.action(
      330,
      (r) => [
        <RowLink key="signups" testId="batch-signups" onClick={() => navigate(`/exam/examSign?batchId=${r.id}`)}>
          {t('batch.signups')}
        </RowLink>,
        r.events.includes('EDIT') ? (
          <EditLink key="edit" perm="exam:examBatch:edit" testId="batch-edit" onClick={() => editor.edit(r)} />
        ) : null,
        ...MOVES.filter((m) => r.events.includes(m)).map((m) => (
          <ConfirmLink
            key={m}
            danger={false}
            title={t(`batch.confirm.${m}`, { name: r.name })}
            onConfirm={() => move(r, m)}
            testId={`batch-${m}`}
          >
            {t(`batch.move.${m}`)}
          </ConfirmLink>
        )),
        // A move the caller may make but not yet: shown disabled, saying why (the server's words).
        ...MOVES.flatMap((m) => r.blocked.filter((b) => b.event === m)).map((b) => (
          <RowLink
            key={`blocked-${b.event}`}
            disabled
            tooltip={b.reason}
            testId={`batch-${b.event}-blocked`}
            onClick={() => undefined}
          >
            {t(`batch.move.${b.event}`)}
          </RowLink>
        )),
        r.events.includes('CANCEL') ? (
          <RowLink
            key="cancel"
            testId="batch-CANCEL"
            onClick={() => {
              setReason('');
              setCancelling(r);
            }}
          >
            {t('batch.move.CANCEL')}
          </RowLink>
        ) : null,
        r.events.includes('REMOVE') ? (
          <RemoveLink
            key="remove"
            perm="exam:examBatch:remove"
            testId="batch-remove"
            onConfirm={() => remove(() => examBatchRemove({ ids: [r.id] }))}
          />
        ) : null,
      ],
      { fixed: 'right' },
    ),
  ];

  const editing = editor.editing;
  const initial: Partial<EditorValues> = editing
    ? {
        name: editing.name,
        category: editing.category,
        area: editing.area,
        place: editing.place,
        capacity: editing.capacity,
        knowledgeStart: formatDateTime(editing.knowledgeStart, WALL),
        knowledgeEnd: formatDateTime(editing.knowledgeEnd, WALL),
        abilityStart: formatDateTime(editing.abilityStart, WALL),
        abilityEnd: formatDateTime(editing.abilityEnd, WALL),
        signup: [editing.signupFrom, editing.signupTo],
      }
    : { category: 'C3', capacity: 60, area: user?.info.area && user.info.area !== 'all' ? user.info.area : undefined };

  const toBody = (v: EditorValues): ExamBatchSaveBody => ({
    name: v.name,
    category: v.category as ExamBatchSaveBody['category'],
    area: v.area as ExamBatchSaveBody['area'],
    place: v.place,
    knowledgeStart: v.knowledgeStart,
    knowledgeEnd: v.knowledgeEnd,
    abilityStart: v.abilityStart,
    abilityEnd: v.abilityEnd,
    capacity: Number(v.capacity),
    signupFrom: v.signup[0],
    signupTo: v.signup[1],
  });
  const picker = (name: keyof EditorValues, label: string) => (
    <ProFormDateTimePicker
      name={name}
      label={label}
      rules={rules.required(label, true)}
      fieldProps={
        {
          format: WALL,
          showTime: { format: 'HH:mm' },
          style: { width: '100%' },
          'data-testid': `form-${String(name)}`,
        } as Record<string, unknown>
      }
    />
  );

  return (
    <ListPage<ExamBatch, Search>
      rowKey="id"
      testId="batch-table"
      title={t('batch.title')}
      description={t('batch.desc')}
      add={{ perm: 'exam:examBatch:add', testId: 'batch-add' }}
      onAdd={editor.create}
      exportTo={{ call: examBatchExport, perm: 'exam:examBatch:export', fileName: t('batch.title') }}
      list={list}
      columns={columns}
      scroll={{ x: 1650 }}
      dateFormatter="string"
    >
      <EditorModal<EditorValues>
        title={editing ? t('batch.editTitle') : t('batch.addTitle')}
        editor={editor}
        initialValues={initial}
        onSubmit={(v) =>
          editing
            ? examBatchUpdate({ ...toBody(v), id: editing.id, version: editing.version })
            : examBatchSave(toBody(v))
        }
        onSaved={list.reload}
        width={720}
        testId="batch-modal"
      >
        <ProFormText
          name="name"
          label={t('batch.name')}
          rules={[...rules.required(t('batch.name')), rules.max(t('batch.name'), 200)]}
          fieldProps={{ 'data-testid': 'form-name' }}
        />
        <ProFormSelect
          name="category"
          label={t('batch.category')}
          rules={rules.required(t('batch.category'), true)}
          options={CATEGORIES.map((c) => ({ value: c, label: c }))}
          fieldProps={{ 'data-testid': 'form-category' } as Record<string, unknown>}
        />
        <ProFormSelect
          name="area"
          label={t('batch.area')}
          rules={rules.required(t('batch.area'), true)}
          options={areaOptions}
          fieldProps={{ 'data-testid': 'form-area' } as Record<string, unknown>}
        />
        <ProFormText
          name="place"
          label={t('batch.place')}
          rules={[...rules.required(t('batch.place')), rules.max(t('batch.place'), 200)]}
          fieldProps={{ 'data-testid': 'form-place' }}
        />
        {picker('knowledgeStart', t('batch.knowledgeStart'))}
        {picker('knowledgeEnd', t('batch.knowledgeEnd'))}
        {picker('abilityStart', t('batch.abilityStart'))}
        {picker('abilityEnd', t('batch.abilityEnd'))}
        <ProFormDigit
          name="capacity"
          label={t('batch.capacity')}
          min={1}
          max={5000}
          fieldProps={{ precision: 0, 'data-testid': 'form-capacity' } as Record<string, unknown>}
          rules={rules.required(t('batch.capacity'))}
        />
        <ProFormDateRangePicker
          name="signup"
          label={t('batch.signupWindow')}
          rules={rules.required(t('batch.signupWindow'), true)}
          fieldProps={{ format: 'YYYY-MM-DD', 'data-testid': 'form-signup' } as Record<string, unknown>}
        />
        <Typography.Paragraph type="secondary">{t('batch.timeHint')}</Typography.Paragraph>
      </EditorModal>
      <Modal
        open={cancelling !== null}
        title={t('batch.cancelTitle', { name: cancelling?.name ?? '' })}
        okText={t('batch.move.CANCEL')}
        okButtonProps={{ danger: true, disabled: reason.trim() === '', 'data-testid': 'batch-cancel-ok' }}
        onCancel={() => setCancelling(null)}
        onOk={async () => {
          if (cancelling && (await move(cancelling, 'CANCEL', reason.trim()))) setCancelling(null);
        }}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="warning">{t('batch.cancelWarning')}</Typography.Text>
          <Form.Item label={t('batch.cancelReason')} required style={{ marginBottom: 0 }}>
            <Input.TextArea
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              data-testid="batch-cancel-reason"
            />
          </Form.Item>
        </Space>
      </Modal>
    </ListPage>
  );
}

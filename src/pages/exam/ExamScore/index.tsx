/**
 * 考试成绩 (exam:examScore:*): pick a batch that has been held; enter each accepted candidate's
 * attendance and the two parts (while the batch is held, the rows say so), publish the batch once
 * every candidate has a result (when the batch allows it), export the results.
 */
import { useCallback, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Form,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Space,
  Tag,
  Tooltip,
} from 'antd';
import { SendOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import AuthButton from '@/components/AuthButton';
import { ExportButton } from '@/components/ExcelButtons';
import { AdminTable, RowLink, useListPage } from '@/components/AdminKit';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { errorMessage } from '@/services/request';
import { examBatchEvent, examBatchGet, examScoreExport, examScoreList, examScoreSave } from '@/services/generated/api';
import type { ExamBatch, ExamSignup } from '@/services/generated/api.schemas';
import BatchPicker from '../components/BatchPicker';
import { BatchStateTag } from '../components/Tags';
import { NS, useExamLabels } from '../components/text';

type Query = { keyword?: string; batchId?: number };
interface ScoreValues {
  attended: '1' | '0';
  knowledgeResult?: '1' | '0';
  abilityResult?: '1' | '0';
  knowledgeScore?: number | null;
  abilityScore?: number | null;
}

export default function ExamScore() {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const labels = useExamLabels();
  const [batch, setBatch] = useState<ExamBatch | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [entering, setEntering] = useState<ExamSignup | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<ScoreValues>();
  const attended = Form.useWatch('attended', form);
  const list = useListPage<ExamSignup, Query>((q) => examScoreList({ ...q, batchId: q.batchId ?? 0 }));

  const refreshBatch = useCallback(async (id: number) => {
    const res = await examBatchGet(id);
    setBatch(res.data);
    setReloadKey((k) => k + 1);
  }, []);

  const openEntry = (r: ExamSignup) => {
    form.setFieldsValue({
      attended: (r.result?.attended ?? '1') as '1' | '0',
      knowledgeResult: r.result?.knowledgeResult as '1' | '0' | undefined,
      abilityResult: r.result?.abilityResult as '1' | '0' | undefined,
      knowledgeScore: r.result?.knowledgeScore ?? null,
      abilityScore: r.result?.abilityScore ?? null,
    });
    setEntering(r);
  };

  const saveEntry = async () => {
    if (!entering || !batch) return;
    const v = await form.validateFields();
    setSaving(true);
    try {
      const row =
        v.attended === '0'
          ? { signupId: entering.id, attended: '0' as const }
          : {
              signupId: entering.id,
              attended: '1' as const,
              knowledgeResult: v.knowledgeResult,
              abilityResult: v.abilityResult,
              knowledgeScore: v.knowledgeScore ?? null,
              abilityScore: v.abilityScore ?? null,
            };
      const res = await examScoreSave({ batchId: batch.id, rows: [row] });
      void message.success(res.msg);
      setEntering(null);
      list.reload();
      await refreshBatch(batch.id);
    } catch (err) {
      void message.error(errorMessage(err, t('score.saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  const publish = async () => {
    if (!batch) return;
    try {
      const res = await examBatchEvent(batch.id, { type: 'PUBLISH', version: batch.version });
      void message.success(res.msg);
    } catch (err) {
      void message.error(errorMessage(err, t('score.publishFailed')));
    }
    list.reload();
    await refreshBatch(batch.id);
  };

  const columns: ProColumns<ExamSignup>[] = [
    {
      title: t('sign.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { 'data-testid': 'search-keyword' },
    },
    { title: t('sign.ticketNo'), dataIndex: 'ticketNo', width: 140, search: false },
    { title: t('sign.name'), dataIndex: 'name', width: 100, search: false },
    { title: t('sign.idNo'), dataIndex: 'idNo', width: 180, search: false },
    { title: t('sign.enterprise'), dataIndex: 'enterpriseName', width: 220, ellipsis: true, search: false },
    {
      title: t('score.attended'),
      dataIndex: 'attended',
      width: 90,
      search: false,
      render: (_d, r) => labels.attended(r.result?.attended),
    },
    {
      title: t('score.knowledge'),
      dataIndex: 'knowledge',
      width: 120,
      search: false,
      render: (_d, r) =>
        r.result
          ? `${labels.part(r.result.knowledgeResult)}${r.result.knowledgeScore !== null ? `（${r.result.knowledgeScore}）` : ''}`
          : '-',
    },
    {
      title: t('score.ability'),
      dataIndex: 'ability',
      width: 120,
      search: false,
      render: (_d, r) =>
        r.result
          ? `${labels.part(r.result.abilityResult)}${r.result.abilityScore !== null ? `（${r.result.abilityScore}）` : ''}`
          : '-',
    },
    {
      title: t('score.conclusion'),
      dataIndex: 'passed',
      width: 100,
      search: false,
      render: (_d, r) =>
        r.result ? (
          <Tag color={r.result.passed ? 'success' : 'error'}>
            {r.result.passed ? t('result.passed') : t('result.failed')}
          </Tag>
        ) : (
          <Tag>{t('result.none')}</Tag>
        ),
    },
    {
      title: t('sign.actions'),
      valueType: 'option',
      width: 90,
      render: (_d, r) =>
        r.actions.includes('enterResult')
          ? [
              <RowLink key="enter" testId="score-enter" onClick={() => openEntry(r)}>
                {t('score.enter')}
              </RowLink>,
            ]
          : [],
    },
  ];

  return (
    <PageHeaderWrapper title={t('score.title')} description={t('score.desc')}>
      <Card style={{ marginBottom: 16 }}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <span>{t('print.batch')}</span>
            <BatchPicker
              value={batch?.id ?? null}
              reloadKey={reloadKey}
              // Also batches before their exam: the page says why results cannot be entered yet.
              offer={(b) => b.resultsVisible || b.blocked.some((x) => x.event === 'ENTER_RESULT')}
              onChange={(_id, b) => setBatch(b)}
              onLoaded={(all) => {
                if (!batch && all[0]) setBatch(all[0]);
              }}
              testId="score-batch"
            />
          </Space>
          {batch ? (
            <Descriptions size="small" column={{ xs: 1, md: 4 }} data-testid="score-batch-summary">
              <Descriptions.Item label={t('batch.state')}>
                <BatchStateTag state={batch.state} label={batch.stateLabel} />
              </Descriptions.Item>
              <Descriptions.Item label={t('batch.examDay')}>{batch.examDay}</Descriptions.Item>
              <Descriptions.Item label={t('score.accepted')}>{batch.accepted}</Descriptions.Item>
              <Descriptions.Item label={t('score.withResults')}>
                <span data-testid="score-with-results">{batch.withResults}</span>
              </Descriptions.Item>
            </Descriptions>
          ) : null}
          {batch?.blocked
            .filter((b) => b.event === 'ENTER_RESULT' || b.event === 'PUBLISH')
            .map((b) => (
              <Alert
                key={b.event}
                type="info"
                showIcon
                message={t(`score.blocked.${b.event}`)}
                description={b.reason}
                data-testid={`score-blocked-${b.event}`}
              />
            ))}
        </Space>
      </Card>
      {batch ? (
        <AdminTable<ExamSignup, Query>
          rowKey="id"
          testId="score-table"
          list={list}
          columns={columns}
          params={{ batchId: batch.id }}
          headerTitle={`${batch.batchNo} ${batch.name}`}
          toolBar={[
            batch.blocked.some((b) => b.event === 'PUBLISH') ? (
              <AuthButton key="publish-blocked" perm="exam:examScore:publish">
                <Tooltip title={batch.blocked.find((b) => b.event === 'PUBLISH')?.reason} trigger={['hover', 'focus']}>
                  <Button type="primary" icon={<SendOutlined />} disabled data-testid="score-publish-blocked">
                    {t('score.publish')}
                  </Button>
                </Tooltip>
              </AuthButton>
            ) : null,
            batch.events.includes('PUBLISH') ? (
              <AuthButton key="publish" perm="exam:examScore:publish">
                <Popconfirm
                  title={t('score.publishConfirm', { name: batch.name })}
                  onConfirm={() => void publish()}
                  okText={t('common.ok')}
                  cancelText={t('common.cancel')}
                >
                  <Button type="primary" icon={<SendOutlined />} data-testid="score-publish">
                    {t('score.publish')}
                  </Button>
                </Popconfirm>
              </AuthButton>
            ) : null,
            <ExportButton
              key="export"
              exportCall={examScoreExport}
              params={{ batchId: batch.id }}
              perm="exam:examScore:export"
              fileName={`${t('score.title')}_${batch.batchNo}`}
            />,
          ]}
        />
      ) : (
        <Alert type="info" showIcon message={t('score.noBatch')} />
      )}
      <Modal
        open={entering !== null}
        title={t('score.enterTitle', { name: entering?.name ?? '', ticket: entering?.ticketNo ?? '' })}
        onCancel={() => setEntering(null)}
        onOk={() => void saveEntry()}
        okText={t('score.save')}
        okButtonProps={{ loading: saving, 'data-testid': 'score-save' }}
        destroyOnHidden
        forceRender
      >
        <Form<ScoreValues> form={form} layout="horizontal" labelCol={{ span: 7 }} wrapperCol={{ span: 16 }}>
          <Form.Item name="attended" label={t('score.attended')} rules={[{ required: true }]}>
            <Radio.Group
              data-testid="score-attended"
              options={[
                { value: '1', label: t('result.attended1') },
                { value: '0', label: t('result.attended0') },
              ]}
            />
          </Form.Item>
          {attended === '0' ? (
            <Alert type="info" showIcon message={t('score.absentHint')} style={{ marginBottom: 16 }} />
          ) : (
            <>
              <Form.Item
                name="knowledgeResult"
                label={t('score.knowledge')}
                rules={[{ required: true, message: t('score.required', { part: t('score.knowledge') }) }]}
              >
                <Radio.Group
                  data-testid="score-knowledge"
                  options={[
                    { value: '1', label: t('result.part1') },
                    { value: '0', label: t('result.part0') },
                  ]}
                />
              </Form.Item>
              <Form.Item name="knowledgeScore" label={t('score.knowledgeScore')}>
                <InputNumber min={0} max={100} precision={0} data-testid="score-knowledge-score" />
              </Form.Item>
              <Form.Item
                name="abilityResult"
                label={t('score.ability')}
                rules={[{ required: true, message: t('score.required', { part: t('score.ability') }) }]}
              >
                <Radio.Group
                  data-testid="score-ability"
                  options={[
                    { value: '1', label: t('result.part1') },
                    { value: '0', label: t('result.part0') },
                  ]}
                />
              </Form.Item>
              <Form.Item name="abilityScore" label={t('score.abilityScore')}>
                <InputNumber min={0} max={100} precision={0} data-testid="score-ability-score" />
              </Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </PageHeaderWrapper>
  );
}

/**
 * 成绩查询 (exam:scoreSearch:*): results by name, ID number, batch, category and outcome — the
 * centre its area's, the province all, a person their own published ones; Excel of the filtered list.
 */
import { Tag } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { ListPage, useAdminList } from '@/components/AdminKit';
import { examScoreSearchExport, examScoreSearchList } from '@/services/generated/api';
import type { ExamScoreRecord, ExamScoreSearchListParams } from '@/services/generated/api.schemas';
import { CATEGORIES, NS, useExamLabels } from '../components/text';

type Search = Omit<ExamScoreSearchListParams, 'pageNum' | 'pageSize'>;

export default function ScoreSearch() {
  const { t } = useTranslation(NS);
  const labels = useExamLabels();
  const { list } = useAdminList<ExamScoreRecord, Search>((q) => examScoreSearchList(q));
  const columns: ProColumns<ExamScoreRecord>[] = [
    { title: t('sign.name'), dataIndex: 'name', width: 100, fieldProps: { 'data-testid': 'search-name' } },
    { title: t('sign.idNo'), dataIndex: 'idNo', width: 180, fieldProps: { 'data-testid': 'search-idNo' } },
    { title: t('batch.batchNo'), dataIndex: 'batchNo', width: 120, fieldProps: { 'data-testid': 'search-batchNo' } },
    {
      title: t('batch.name'),
      dataIndex: 'batchName',
      width: 240,
      ellipsis: true,
      search: false,
      render: (_d, r) => r.batchName ?? t('search.legacy'),
    },
    {
      title: t('batch.category'),
      dataIndex: 'category',
      width: 100,
      valueType: 'select',
      valueEnum: Object.fromEntries(CATEGORIES.map((c) => [c, { text: c }])),
    },
    { title: t('person.enterprise'), dataIndex: 'enterpriseName', width: 220, ellipsis: true, search: false },
    {
      title: t('sign.ticketNo'),
      dataIndex: 'ticketNo',
      width: 140,
      search: false,
      render: (_d, r) => r.ticketNo ?? '-',
    },
    { title: t('search.examDate'), dataIndex: 'examDate', width: 110, search: false },
    {
      title: t('score.attended'),
      dataIndex: 'attended',
      width: 90,
      search: false,
      render: (_d, r) => labels.attended(r.attended),
    },
    {
      title: t('score.knowledge'),
      dataIndex: 'knowledgeResult',
      width: 120,
      search: false,
      render: (_d, r) => labels.part(r.knowledgeResult),
    },
    {
      title: t('score.ability'),
      dataIndex: 'abilityResult',
      width: 110,
      search: false,
      render: (_d, r) => labels.part(r.abilityResult),
    },
    {
      title: t('score.conclusion'),
      dataIndex: 'passed',
      width: 100,
      valueType: 'select',
      valueEnum: { 1: { text: t('result.passed') }, 0: { text: t('result.failed') } },
      render: (_d, r) => (
        <Tag color={r.passed ? 'success' : 'error'}>{r.passed ? t('result.passed') : t('result.failed')}</Tag>
      ),
    },
    {
      title: t('score.published'),
      dataIndex: 'published',
      width: 100,
      search: false,
      render: (_d, r) => (r.published ? t('result.final') : t('result.notFinal')),
    },
  ];
  return (
    <ListPage<ExamScoreRecord, Search>
      rowKey="id"
      testId="score-search-table"
      title={t('search.title')}
      description={t('search.desc')}
      list={list}
      columns={columns}
      scroll={{ x: 1600 }}
      exportTo={{ call: examScoreSearchExport, perm: 'exam:scoreSearch:export', fileName: t('search.title') }}
    />
  );
}

/**
 * 考试人员 (exam:examPerson:list): for an enterprise its employees with their exam history and a
 * 报名 link while a batch of its area takes sign-ups; for the centre the people signed up for its
 * batches. The categories passed are those the new-certificate rule counts.
 */
import { useState } from 'react';
import { Space, Tag } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ListPage, RowLink, useAdminList } from '@/components/AdminKit';
import { examPersonExport, examPersonList } from '@/services/generated/api';
import type { ExamPerson, ExamPersonListParams } from '@/services/generated/api.schemas';
import SignUpModal from '../components/SignUpModal';
import { SignupStatusTag } from '../components/Tags';
import { CATEGORIES, NS } from '../components/text';

type Search = Omit<ExamPersonListParams, 'pageNum' | 'pageSize'>;

export default function ExamPersonList() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { list, cols } = useAdminList<ExamPerson, Search>((q) => examPersonList(q));
  const [signing, setSigning] = useState<{ id: number; name: string } | null>(null);

  const columns: ProColumns<ExamPerson>[] = [
    {
      title: t('person.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { 'data-testid': 'search-keyword' },
    },
    { title: t('sign.name'), dataIndex: 'name', width: 100, search: false },
    { title: t('sign.idNo'), dataIndex: 'idNo', width: 180, search: false },
    { title: t('detail.age'), dataIndex: 'age', width: 70, search: false },
    { title: t('person.enterprise'), dataIndex: 'enterpriseName', width: 240, ellipsis: true, search: false },
    { title: t('detail.education'), dataIndex: 'educationLabel', width: 120, search: false },
    { title: t('detail.titleRank'), dataIndex: 'titleLabel', width: 110, search: false },
    {
      title: t('person.category'),
      dataIndex: 'category',
      hideInTable: true,
      valueType: 'select',
      valueEnum: Object.fromEntries(CATEGORIES.map((c) => [c, { text: c }])),
    },
    { title: t('person.signups'), dataIndex: 'signups', width: 90, search: false },
    {
      title: t('person.lastSignup'),
      dataIndex: 'lastSignup',
      width: 220,
      search: false,
      render: (_d, r) =>
        r.lastSignup ? (
          <Space size={4}>
            <span>
              {r.lastSignup.batchNo} {r.lastSignup.category}
            </span>
            <SignupStatusTag status={r.lastSignup.status} label={r.lastSignup.statusLabel} />
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: t('person.passed'),
      dataIndex: 'passedCategories',
      width: 140,
      search: false,
      render: (_d, r) =>
        r.passedCategories.length
          ? r.passedCategories.map((c) => (
              <Tag key={c} color="success">
                {c}
              </Tag>
            ))
          : '-',
    },
    // Kept in view at the right: the table scrolls under it (at 1440 px 报名记录 was cut off).
    cols.action(
      170,
      (r) => [
        r.canSignUp ? (
          <RowLink
            key="signup"
            perm="exam:examSign:add"
            testId="person-signup"
            onClick={() => setSigning({ id: r.personId, name: r.name })}
          >
            {t('sign.signUp')}
          </RowLink>
        ) : null,
        r.lastSignup ? (
          <RowLink
            key="history"
            testId="person-history"
            onClick={() => navigate(`/exam/examSign?keyword=${encodeURIComponent(r.name)}`)}
          >
            {t('person.history')}
          </RowLink>
        ) : null,
      ],
      { fixed: 'right' },
    ),
  ];

  return (
    <ListPage<ExamPerson, Search>
      rowKey="personId"
      testId="person-table"
      title={t('person.title')}
      description={t('person.desc')}
      list={list}
      columns={columns}
      scroll={{ x: 1450 }}
      exportTo={{ call: examPersonExport, perm: 'exam:examPerson:export', fileName: t('person.title') }}
    >
      <SignUpModal open={signing !== null} person={signing} onClose={() => setSigning(null)} onDone={list.reload} />
    </ListPage>
  );
}

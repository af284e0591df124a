/**
 * 考试报名 (exam:examSign:*): sign-ups in the caller's scope (the centre: its area's batches; an
 * enterprise: its own; a person: their own) with filters kept for the next visit and pages of up to
 * 100 rows; the centre accepts or refuses one, or selects many and reviews each on its own (one
 * answer per sign-up), the enterprise signs up and withdraws, the ticket prints — each as the row allows.
 */
import { useMemo, useRef, useState } from 'react';
import { Button, Space } from 'antd';
import { CheckOutlined, CloseOutlined, UserAddOutlined } from '@ant-design/icons';
import type { ProColumns, ProFormInstance } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { selectionLabel } from '@/components/ProTableKit/selectionLabel';
import { useNavigate, useSearchParams } from 'react-router-dom';
import AuthButton from '@/components/AuthButton';
import { useAccess } from '@/app/useAccess';
import { ListPage, RowLink, useAdminList } from '@/components/AdminKit';
import { formatDateTime } from '@/components/ProTableKit/format';
import { useKeptListState } from '@/components/ProTableKit/keptState';
import { examSignExport, examSignList } from '@/services/generated/api';
import type { ExamSignListParams, ExamSignup } from '@/services/generated/api.schemas';
import BatchPicker from '../components/BatchPicker';
import SignUpModal from '../components/SignUpModal';
import { SignupStatusTag } from '../components/Tags';
import { useSignupActions } from '../components/signupActions';
import { CATEGORIES, NS, SIGNUP_STATUSES, useExamLabels } from '../components/text';
import ActionLink from '@/components/ActionLink';

type Search = Omit<ExamSignListParams, 'pageNum' | 'pageSize'>;

export default function ExamSignList() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const labels = useExamLabels();
  const [params] = useSearchParams();
  // A link's batch or keyword (from 考试批次, the workbench) goes before what was kept from the last visit.
  const fromLink = useMemo(() => {
    const batchId = Number(params.get('batchId'));
    return {
      ...(batchId > 0 ? { batchId } : {}),
      ...(params.get('keyword') ? { keyword: params.get('keyword') ?? '' } : {}),
    };
  }, [params]);
  const kept = useKeptListState('exam/ExamSignList', fromLink);
  const formRef = useRef<ProFormInstance>(undefined);
  const { list, cols } = useAdminList<ExamSignup, Search>((q) => examSignList(q));
  const actions = useSignupActions(list.reload);
  const [signingUp, setSigningUp] = useState(false);
  const [selected, setSelected] = useState<ExamSignup[]>([]);
  // Only reviewers pick rows (to accept several at once).
  const reviewer = useAccess().hasButton('exam:examSign:review');

  const columns: ProColumns<ExamSignup>[] = [
    {
      title: t('sign.batch'),
      dataIndex: 'batchId',
      width: 260,
      ellipsis: true,
      renderFormItem: () => <BatchPicker offer={() => true} width="100%" testId="search-batch" />,
      render: (_d, r) => (
        <span>
          {r.batchNo} {r.batchName}
        </span>
      ),
    },
    {
      title: t('sign.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { 'data-testid': 'search-keyword' },
    },
    {
      title: t('sign.name'),
      dataIndex: 'name',
      width: 100,
      search: false,
      render: (_d, r) => (
        <ActionLink onClick={() => navigate(`/exam/examSignDetail?id=${r.id}`)} data-testid="sign-name">
          {r.name}
        </ActionLink>
      ),
    },
    { title: t('sign.idNo'), dataIndex: 'idNo', width: 180, search: false },
    {
      title: t('sign.category'),
      dataIndex: 'category',
      width: 100,
      valueType: 'select',
      valueEnum: Object.fromEntries(CATEGORIES.map((c) => [c, { text: c }])),
    },
    { title: t('sign.enterprise'), dataIndex: 'enterpriseName', width: 220, ellipsis: true },
    { title: t('sign.position'), dataIndex: 'positionLabel', width: 140, ellipsis: true, search: false },
    {
      title: t('sign.status'),
      dataIndex: 'status',
      width: 110,
      valueType: 'select',
      valueEnum: Object.fromEntries(SIGNUP_STATUSES.map((s) => [s, { text: labels.status(s) }])),
      render: (_d, r) => <SignupStatusTag status={r.status} label={r.statusLabel} />,
    },
    {
      title: t('sign.ticketNo'),
      dataIndex: 'ticketNo',
      width: 140,
      search: false,
      render: (_d, r) => r.ticketNo ?? '-',
    },
    { title: t('sign.seatNo'), dataIndex: 'seatNo', width: 90, search: false, render: (_d, r) => r.seatNo ?? '-' },
    {
      title: t('sign.refuseReason'),
      dataIndex: 'refuseReason',
      width: 200,
      ellipsis: true,
      search: false,
      render: (_d, r) => r.refuseReason ?? '-',
    },
    {
      title: t('sign.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      search: false,
      render: (_d, r) => formatDateTime(r.createdAt),
    },
    cols.action(
      230,
      (r) => [
        <RowLink key="view" testId="sign-view" onClick={() => navigate(`/exam/examSignDetail?id=${r.id}`)}>
          {t('sign.view')}
        </RowLink>,
        ...actions.links(r),
      ],
      { fixed: 'right' },
    ),
  ];

  return (
    <ListPage<ExamSignup, Search>
      rowKey="id"
      testId="sign-table"
      title={t('sign.title')}
      description={t('sign.desc')}
      list={list}
      columns={columns}
      form={{ initialValues: kept.initialValues }}
      formRef={formRef}
      onSubmit={() => kept.keepFilters(formRef.current?.getFieldsValue() ?? {})}
      onReset={() => kept.keepFilters({})}
      pagination={kept.pagination}
      scroll={{ x: 1900 }}
      rowSelection={
        reviewer
          ? {
              selectedRowKeys: selected.map((r) => r.id),
              onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
              getCheckboxProps: (r: ExamSignup) => ({
                ...selectionLabel(tc('a11y.selectRow', { name: r.name })),
                disabled: !r.actions.includes('accept'),
              }),
            }
          : false
      }
      tableAlertRender={({ selectedRowKeys, onCleanSelected }) => (
        <Space>
          <span>{t('sign.selected', { count: selectedRowKeys.length })}</span>
          <ActionLink onClick={onCleanSelected}>{t('sign.clearSelection')}</ActionLink>
        </Space>
      )}
      tools={[
        <AuthButton key="signup" perm="exam:examSign:add">
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setSigningUp(true)} data-testid="sign-add">
            {t('sign.signUp')}
          </Button>
        </AuthButton>,
        selected.length > 0 ? (
          <AuthButton key="acceptAll" perm="exam:examSign:review">
            <Button
              icon={<CheckOutlined />}
              onClick={() => void actions.acceptEach(selected).then(() => setSelected([]))}
              data-testid="sign-accept-selected"
            >
              {t('sign.acceptSelected', { count: selected.length })}
            </Button>
          </AuthButton>
        ) : null,
        selected.length > 0 ? (
          <AuthButton key="refuseAll" perm="exam:examSign:review">
            <Button
              danger
              icon={<CloseOutlined />}
              onClick={() => {
                actions.refuseEach(selected);
                setSelected([]);
              }}
              data-testid="sign-refuse-selected"
            >
              {t('sign.refuseSelected', { count: selected.length })}
            </Button>
          </AuthButton>
        ) : null,
      ]}
      exportTo={{ call: examSignExport, perm: 'exam:examSign:export', fileName: t('sign.title') }}
    >
      {actions.modal}
      <SignUpModal open={signingUp} person={null} onClose={() => setSigningUp(false)} onDone={list.reload} />
    </ListPage>
  );
}

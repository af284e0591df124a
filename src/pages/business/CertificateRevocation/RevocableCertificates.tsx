/** The enterprise's certificates that may be revoked (GET /certificate/revocation/person/list), each with its detail and 申请注销. */
import { useMemo, useRef, useState } from 'react';
import { Tag } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { tableRequest, useTablePagination } from '@/components/ProTableKit';
import { certificateRevocationPersonList } from '@/services/generated/api';
import type { CertificateRevocationPersonList200 } from '@/services/generated/api.schemas';
import { NS } from '../components/types';
import { useDict } from '@/components/dict';
import QuickRevokeModal from './QuickRevokeModal';
import ActionLink from '@/components/ActionLink';

type CandidateRow = CertificateRevocationPersonList200['rows'][number];

export default function RevocableCertificates({ onRevoked }: { onRevoked: () => void }) {
  const { t } = useTranslation(NS);
  const pagination = useTablePagination();
  const actionRef = useRef<ActionType>(null);
  const certStatus = useDict('cert_status');
  const [open, setOpen] = useState<number | null>(null);
  const request = useMemo(
    () =>
      tableRequest<CandidateRow, { keyword?: string }>(
        (q) => certificateRevocationPersonList({ ...q, keyword: q.keyword?.trim() || undefined }),
        actionRef,
      ),
    [],
  );

  const columns: ProColumns<CandidateRow>[] = [
    {
      title: t('list.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t('candidate.searchCert'), 'data-testid': 'revocable-keyword' },
    },
    {
      title: t('subject.certNo'),
      dataIndex: 'certNo',
      search: false,
      width: 200,
      render: (_d, r) => (
        <ActionLink onClick={() => setOpen(r.certificateId)} data-testid="revocable-row-certNo">
          {r.certNo}
        </ActionLink>
      ),
    },
    { title: t('subject.name'), dataIndex: 'name', search: false, width: 90 },
    { title: t('subject.idNo'), dataIndex: 'idNo', search: false, width: 180 },
    { title: t('subject.category'), dataIndex: 'category', search: false, width: 70 },
    { title: t('subject.expiryDate'), dataIndex: 'expiryDate', search: false, width: 110 },
    {
      title: t('subject.status'),
      dataIndex: 'status',
      search: false,
      width: 90,
      render: (_d, r) => <Tag>{certStatus.label(r.status)}</Tag>,
    },
    {
      title: t('list.actions'),
      valueType: 'option',
      width: 90,
      render: (_d, r) => [
        <ActionLink key="detail" onClick={() => setOpen(r.certificateId)} data-testid="revocable-row-detail">
          {t('certDetail.open')}
        </ActionLink>,
      ],
    },
  ];

  return (
    <>
      <ProTable<CandidateRow, { keyword?: string }>
        rowKey="certificateId"
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={pagination}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        scroll={{ x: 900 }}
        data-testid="revocable-table"
      />
      <QuickRevokeModal
        certificateId={open}
        onClose={() => setOpen(null)}
        onRevoked={() => {
          onRevoked();
          void actionRef.current?.reload();
        }}
      />
    </>
  );
}

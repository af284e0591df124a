/** 通知公告: list (search, paging, 总共 N 条记录), export, create/edit modal, delete with confirmation. */
import { useState } from 'react';
import { Button, Modal, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProFormRadio, ProFormSelect, ProFormText, ProFormTextArea, ProTable, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import AuthButton from '@/components/AuthButton';
import { ExportButton } from '@/components/ExcelButtons';
import { formatDateTime } from '@/components/ProTableKit/format';
import { listNotices, NOTICE_EXPORT_URL, removeNotices, saveNotice, type NoticeInput, type NoticeQuery, type SysNotice } from '@/services/systemNotice';
import { dateRangeColumn, EditorModal, enumOptions, NS, RemoveLink, useDict, useListPage, useRemove, useRules } from '../PositionList/adminKit';

type Search = Omit<NoticeQuery, 'pageNum' | 'pageSize'>;

export default function NoticeInfoList() {
  const { t } = useTranslation(NS);
  const { actionRef, pagination, request, lastQuery, reload } = useListPage<SysNotice, Search>(listNotices);
  const remove = useRemove(reload);
  const rules = useRules();
  const typeEnum = useDict('sys_notice_type', { '1': { text: t('notice.types.1') }, '2': { text: t('notice.types.2') } });
  const [editing, setEditing] = useState<SysNotice | null>(null);
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<SysNotice | null>(null);

  const statusEnum = { '1': { text: t('notice.statusOpen'), status: 'Success' }, '0': { text: t('notice.statusClosed'), status: 'Default' } };
  const columns: ProColumns<SysNotice>[] = [
    { title: t('notice.noticeId'), dataIndex: 'noticeId', width: 90, search: false },
    {
      title: t('notice.noticeTitle'),
      dataIndex: 'noticeTitle',
      ellipsis: true,
      fieldProps: { 'data-testid': 'search-noticeTitle' },
      render: (_d, r) => <a onClick={() => setViewing(r)}>{r.noticeTitle}</a>,
    },
    {
      title: t('notice.noticeType'),
      dataIndex: 'noticeType',
      width: 110,
      valueType: 'select',
      valueEnum: typeEnum,
      render: (_d, r) => <Tag color={r.noticeType === '1' ? 'orange' : 'green'}>{typeEnum[r.noticeType]?.text ?? r.noticeType}</Tag>,
    },
    { title: t('common.status'), dataIndex: 'status', width: 100, valueType: 'select', valueEnum: statusEnum },
    { title: t('notice.createdBy'), dataIndex: 'createdBy', width: 120 },
    { title: t('common.createdAt'), dataIndex: 'createdAt', width: 170, search: false, render: (_d, r) => formatDateTime(r.createdAt) },
    dateRangeColumn<SysNotice>(t('common.createdAt')),
    {
      title: t('common.action'),
      valueType: 'option',
      width: 130,
      render: (_d, r) => [
        <AuthButton key="edit" perm="system:notice:edit">
          <a
            onClick={() => {
              setEditing(r);
              setOpen(true);
            }}
            data-testid="row-edit"
          >
            {t('common.edit')}
          </a>
        </AuthButton>,
        <RemoveLink key="remove" perm="system:notice:remove" onConfirm={() => remove(() => removeNotices([r.noticeId]))} />,
      ],
    },
  ];

  return (
    <PageHeaderWrapper title={t('notice.title')}>
      <ProTable<SysNotice, Search>
        rowKey="noticeId"
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={pagination}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        data-testid="notice-table"
        toolBarRender={() => [
          <AuthButton key="add" perm="system:notice:add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                setEditing(null);
                setOpen(true);
              }}
              data-testid="notice-add"
            >
              {t('common.add')}
            </Button>
          </AuthButton>,
          <ExportButton key="export" url={NOTICE_EXPORT_URL} params={lastQuery} fileName={t('notice.title')} perm="system:notice:list" />,
        ]}
      />
      <EditorModal<NoticeInput>
        title={editing ? t('notice.editTitle') : t('notice.addTitle')}
        open={open}
        onClose={() => setOpen(false)}
        initialValues={editing ?? { noticeType: '1', status: '1' }}
        onSubmit={(values) => saveNotice({ ...values, noticeId: editing?.noticeId })}
        onSaved={reload}
        width={720}
        testId="notice-modal"
      >
        <ProFormText name="noticeTitle" label={t('notice.noticeTitle')} rules={[...rules.required(t('notice.noticeTitle')), rules.max(t('notice.noticeTitle'), 200)]} fieldProps={{ 'data-testid': 'form-noticeTitle' }} />
        <ProFormSelect name="noticeType" label={t('notice.noticeType')} options={enumOptions(typeEnum)} rules={rules.required(t('notice.noticeType'), true)} />
        <ProFormRadio.Group
          name="status"
          label={t('common.status')}
          options={[
            { value: '1', label: t('notice.statusOpen') },
            { value: '0', label: t('notice.statusClosed') },
          ]}
        />
        <ProFormTextArea
          name="noticeContent"
          label={t('notice.noticeContent')}
          fieldProps={{ rows: 8, showCount: true, maxLength: 20000, 'data-testid': 'form-noticeContent' } as Record<string, unknown>}
          rules={[...rules.required(t('notice.noticeContent')), rules.max(t('notice.noticeContent'), 20000)]}
        />
      </EditorModal>
      <Modal open={!!viewing} title={viewing?.noticeTitle} footer={null} width={720} onCancel={() => setViewing(null)} destroyOnHidden>
        <Typography.Paragraph type="secondary">
          {viewing?.createdBy} · {formatDateTime(viewing?.createdAt)}
        </Typography.Paragraph>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{viewing?.noticeContent}</Typography.Paragraph>
      </Modal>
    </PageHeaderWrapper>
  );
}

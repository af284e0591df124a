/** 通知公告: list (search, paging, 总共 N 条记录), export, create/edit modal, delete with confirmation. */
import { useState } from 'react';
import { Modal, Tag, Typography } from 'antd';
import { ProFormRadio, ProFormSelect, ProFormText, ProFormTextArea, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  EditLink,
  EditorModal,
  ListPage,
  RemoveLink,
  dateRangeColumn,
  enumOptions,
  useAdminList,
  useDictEnum,
  useRules,
} from '@/components/AdminKit';
import { formatDateTime } from '@/components/ProTableKit/format';
import {
  systemNoticeExport,
  systemNoticeList,
  systemNoticeRemove,
  systemNoticeSave,
  systemNoticeUpdate,
} from '@/services/generated/api';
import type {
  SystemNoticeList200,
  SystemNoticeListParams,
  SystemNoticeSaveBody,
} from '@/services/generated/api.schemas';
import { SYS_ADMIN } from '../namespaces';
import ActionLink from '@/components/ActionLink';

type SysNotice = SystemNoticeList200['rows'][number];
type Search = Omit<SystemNoticeListParams, 'pageNum' | 'pageSize'>;

/** The page's fixed wiring: row key, test id, 新增 and 导出. */
const PAGE = {
  rowKey: 'noticeId',
  testId: 'notice-table',
  add: { perm: 'system:notice:add', testId: 'notice-add' },
  exportTo: { call: systemNoticeExport, perm: 'system:notice:list' },
} as const;

export default function NoticeInfoList() {
  const { t } = useTranslation(SYS_ADMIN);
  const { list, cols, editor, remove } = useAdminList<SysNotice, Search>(systemNoticeList);
  const rules = useRules();
  const typeEnum = useDictEnum('sys_notice_type', {
    '1': { text: t('notice.types.1') },
    '2': { text: t('notice.types.2') },
  });
  const [viewing, setViewing] = useState<SysNotice | null>(null);

  const statusEnum = {
    '1': { text: t('notice.statusOpen'), status: 'Success' },
    '0': { text: t('notice.statusClosed'), status: 'Default' },
  };
  const columns: ProColumns<SysNotice>[] = [
    { title: t('notice.noticeId'), dataIndex: 'noticeId', width: 90, search: false },
    {
      title: t('notice.noticeTitle'),
      dataIndex: 'noticeTitle',
      ellipsis: true,
      fieldProps: { 'data-testid': 'search-noticeTitle' },
      render: (_d, r) => <ActionLink onClick={() => setViewing(r)}>{r.noticeTitle}</ActionLink>,
    },
    {
      title: t('notice.noticeType'),
      dataIndex: 'noticeType',
      width: 110,
      valueType: 'select',
      valueEnum: typeEnum,
      render: (_d, r) => (
        <Tag color={r.noticeType === '1' ? 'orange' : 'green'}>{typeEnum[r.noticeType]?.text ?? r.noticeType}</Tag>
      ),
    },
    { title: t('common.status'), dataIndex: 'status', width: 100, valueType: 'select', valueEnum: statusEnum },
    { title: t('notice.createdBy'), dataIndex: 'createdBy', width: 120 },
    cols.createdAt(),
    dateRangeColumn<SysNotice>(t('common.createdAt')),
    cols.action(130, (r) => [
      <EditLink key="edit" perm="system:notice:edit" onClick={() => editor.edit(r)} />,
      <RemoveLink
        key="remove"
        perm="system:notice:remove"
        onConfirm={() => remove(() => systemNoticeRemove({ ids: String(r.noticeId) }))}
      />,
    ]),
  ];

  return (
    <ListPage<SysNotice, Search>
      {...PAGE}
      onAdd={editor.create}
      title={t('notice.title')}
      list={list}
      columns={columns}
    >
      <EditorModal<SystemNoticeSaveBody>
        title={editor.editing ? t('notice.editTitle') : t('notice.addTitle')}
        editor={editor}
        initialValues={editor.editing ?? { noticeType: '1', status: '1' }}
        onSubmit={(values) =>
          editor.editing
            ? systemNoticeUpdate({ ...values, noticeId: editor.editing.noticeId })
            : systemNoticeSave(values)
        }
        onSaved={list.reload}
        width={720}
        testId="notice-modal"
      >
        <ProFormText
          name="noticeTitle"
          label={t('notice.noticeTitle')}
          rules={[...rules.required(t('notice.noticeTitle')), rules.max(t('notice.noticeTitle'), 200)]}
          fieldProps={{ 'data-testid': 'form-noticeTitle' }}
        />
        <ProFormSelect
          name="noticeType"
          label={t('notice.noticeType')}
          options={enumOptions(typeEnum)}
          rules={rules.required(t('notice.noticeType'), true)}
        />
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
          fieldProps={
            { rows: 8, showCount: true, maxLength: 20000, 'data-testid': 'form-noticeContent' } as Record<
              string,
              unknown
            >
          }
          rules={[...rules.required(t('notice.noticeContent')), rules.max(t('notice.noticeContent'), 20000)]}
        />
      </EditorModal>
      <Modal
        open={!!viewing}
        title={viewing?.noticeTitle}
        footer={null}
        width={720}
        onCancel={() => setViewing(null)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          {viewing?.createdBy} · {formatDateTime(viewing?.createdAt)}
        </Typography.Paragraph>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{viewing?.noticeContent}</Typography.Paragraph>
      </Modal>
    </ListPage>
  );
}

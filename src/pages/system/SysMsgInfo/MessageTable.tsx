/** Message list (one ProTable for every msgType): readMsg on open, 总共 N 条记录, 10/20/30, back one page when a page empties. */
import { useRef, useState } from 'react';
import { Badge, Modal, Typography } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { systemSysMsgInfoList, systemSysMsgInfoReadMsg } from '@/services/generated/api';
import type { SystemSysMsgInfoList200, SystemSysMsgInfoListParams } from '@/services/generated/api.schemas';
import { tableRequest, useTablePagination } from '@/components/ProTableKit';
import { formatDateTime } from '@/components/ProTableKit/format';
import { refreshUnreadStats, type MsgType } from '@/store/notice';
import ActionLink from '@/components/ActionLink';

type SysMsg = SystemSysMsgInfoList200['rows'][number];

export default function MessageTable({ msgType, title }: { msgType?: MsgType; title?: string }) {
  const { t } = useTranslation('shell');
  const actionRef = useRef<ActionType>(null);
  const pagination = useTablePagination();
  const [viewing, setViewing] = useState<SysMsg | null>(null);

  const open = async (record: SysMsg) => {
    setViewing(record);
    if (record.ckzt === '0') {
      try {
        await systemSysMsgInfoReadMsg(record.id);
        void refreshUnreadStats();
        void actionRef.current?.reload();
      } catch {
        /* stays unread */
      }
    }
  };

  const columns: ProColumns<SysMsg>[] = [
    {
      title: t('messages.bt'),
      dataIndex: 'bt',
      ellipsis: true,
      render: (_d, r) => (
        <ActionLink onClick={() => void open(r)} data-testid="message-open">
          {r.bt}
        </ActionLink>
      ),
    },
    ...(msgType
      ? []
      : [
          {
            title: t('messages.msgType'),
            dataIndex: 'msgType',
            valueType: 'select' as const,
            width: 140,
            valueEnum: {
              systemType: { text: t('messages.types.systemType') },
              supervisionType: { text: t('messages.types.supervisionType') },
              warnType: { text: t('messages.types.warnType') },
            },
          },
        ]),
    {
      title: t('messages.ckzt'),
      dataIndex: 'ckzt',
      width: 120,
      valueType: 'select',
      valueEnum: {
        '0': { text: t('messages.unread'), status: 'Processing' },
        '1': { text: t('messages.read'), status: 'Default' },
      },
    },
    {
      title: t('messages.createdAt'),
      dataIndex: 'createdAt',
      width: 180,
      search: false,
      renderText: (v: string) => formatDateTime(v),
    },
    {
      title: t('messages.action'),
      valueType: 'option',
      width: 100,
      render: (_d, r) => [
        <ActionLink key="view" onClick={() => void open(r)}>
          {t('messages.view')}
        </ActionLink>,
      ],
    },
  ];

  return (
    <>
      <ProTable<SysMsg, Omit<SystemSysMsgInfoListParams, 'pageNum' | 'pageSize'>>
        headerTitle={title}
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        params={msgType ? { msgType } : undefined}
        request={tableRequest((q) => systemSysMsgInfoList({ ...q, msgType: msgType ?? q.msgType }), actionRef)}
        pagination={pagination}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        data-testid="message-table"
      />
      <Modal open={!!viewing} title={viewing?.bt} footer={null} onCancel={() => setViewing(null)} destroyOnHidden>
        <Typography.Paragraph type="secondary">
          <Badge status="default" text={formatDateTime(viewing?.createdAt)} />
        </Typography.Paragraph>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{viewing?.nr}</Typography.Paragraph>
      </Modal>
    </>
  );
}

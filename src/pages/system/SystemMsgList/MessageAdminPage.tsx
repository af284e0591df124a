/**
 * Message administration for one family of message types: 系统消息 (systemType, warnType;
 * system:msg:*) or 监管消息 (supervisionType; system:supervisionMsg:*). Lists every copy sent
 * (recipient, read state), sends to users, roles or everyone, edits one sending, deletes.
 */
import { useState } from 'react';
import { Alert, Badge, Modal, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import {
  ProFormDependency,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
  type ProColumns,
} from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  EditLink,
  EditorModal,
  ListPage,
  RemoveLink,
  dateRangeColumn,
  useAdminList,
  useEditor,
  useRules,
} from '@/components/AdminKit';
import { formatDateTime } from '@/components/ProTableKit/format';
import {
  systemSysMsgInfoExport,
  systemSysMsgInfoListAll,
  systemSysMsgInfoRecipients,
  systemSysMsgInfoRemove,
  systemSysMsgInfoSave,
  systemSysMsgInfoUpdate,
} from '@/services/generated/api';
import type {
  SystemSysMsgInfoListAll200,
  SystemSysMsgInfoListAllParams,
  SystemSysMsgInfoSaveBody,
  SystemSysMsgInfoUpdateBody,
} from '@/services/generated/api.schemas';
import type { MsgType } from '@/store/notice';
import { SYS_ADMIN } from '../namespaces';
import ActionLink from '@/components/ActionLink';

type AdminMsg = SystemSysMsgInfoListAll200['rows'][number];
type Search = Omit<SystemSysMsgInfoListAllParams, 'pageNum' | 'pageSize'>;

export interface MessageAdminPageProps {
  /** The message types this page manages (the first is the default when sending). */
  types: MsgType[];
  /** Permission prefix: system:msg or system:supervisionMsg. */
  permBase: string;
  title: string;
  testId: string;
}

export default function MessageAdminPage({ types, permBase, title, testId }: MessageAdminPageProps) {
  const { t } = useTranslation(SYS_ADMIN);
  const rules = useRules();

  /** Without a type filter, the page still asks for its own types only (the server checks each type's permission). */
  const scope = (msgType?: MsgType) =>
    msgType ? { msgType } : types.length === 1 ? { msgType: types[0] } : { msgTypes: types.join(',') };
  const fetch = (q: Search & { pageNum: number; pageSize: number }) =>
    systemSysMsgInfoListAll({ ...q, ...scope(q.msgType) });
  const { list, cols, editor, remove } = useAdminList<AdminMsg, Search>(fetch);
  const sender = useEditor<AdminMsg>();
  const editing = editor.editing;
  const [viewing, setViewing] = useState<AdminMsg | null>(null);

  const typeEnum = Object.fromEntries(types.map((ty) => [ty, { text: t(`msg.types.${ty}`) }]));
  const readEnum = {
    '0': { text: t('msg.unread'), status: 'Processing' },
    '1': { text: t('msg.read'), status: 'Default' },
  };

  const columns: ProColumns<AdminMsg>[] = [
    { title: t('msg.id'), dataIndex: 'id', width: 80, search: false },
    ...(types.length > 1
      ? [
          {
            title: t('msg.msgType'),
            dataIndex: 'msgType',
            width: 110,
            valueType: 'select' as const,
            valueEnum: typeEnum,
          },
        ]
      : []),
    {
      title: t('msg.bt'),
      dataIndex: 'bt',
      ellipsis: true,
      fieldProps: { 'data-testid': 'search-bt' },
      render: (_d, r) => <ActionLink onClick={() => setViewing(r)}>{r.bt}</ActionLink>,
    },
    {
      title: t('msg.recipient'),
      dataIndex: 'userName',
      width: 170,
      fieldProps: { placeholder: t('msg.recipientPlaceholder'), 'data-testid': 'search-userName' },
      render: (_d, r) => (r.userName ? `${r.nickName || ''}（${r.userName}）` : '-'),
    },
    { title: t('msg.ckzt'), dataIndex: 'ckzt', width: 100, valueType: 'select', valueEnum: readEnum },
    { title: t('msg.senderName'), dataIndex: 'senderName', width: 130 },
    {
      title: t('msg.sentAt'),
      dataIndex: 'createdAt',
      width: 170,
      search: false,
      render: (_d, r) => formatDateTime(r.createdAt),
    },
    dateRangeColumn<AdminMsg>(t('msg.sentAt')),
    cols.action(130, (r) => [
      <EditLink key="edit" perm={`${permBase}:edit`} onClick={() => editor.edit(r)} />,
      <RemoveLink
        key="remove"
        perm={`${permBase}:remove`}
        onConfirm={() => remove(() => systemSysMsgInfoRemove({ ids: String(r.id) }))}
      />,
    ]),
  ];

  return (
    <ListPage<AdminMsg, Search>
      title={title}
      list={list}
      rowKey="id"
      columns={columns}
      testId={testId}
      add={{ perm: `${permBase}:add`, testId: 'msg-send', label: t('msg.send'), icon: <SendOutlined /> }}
      onAdd={sender.create}
      exportTo={{
        call: systemSysMsgInfoExport,
        perm: `${permBase}:list`,
        params: scope(list.lastQuery.msgType as MsgType | undefined),
      }}
    >
      <EditorModal<SystemSysMsgInfoSaveBody & Record<string, unknown>>
        title={t('msg.sendTitle')}
        editor={sender}
        initialValues={{ msgType: types[0], target: 'user' }}
        onSubmit={(v) =>
          systemSysMsgInfoSave({
            msgType: v.msgType,
            bt: v.bt,
            nr: v.nr,
            target: v.target,
            userIds: v.userIds,
            roleIds: v.roleIds,
          })
        }
        onSaved={list.reload}
        width={720}
        testId="msg-send-modal"
      >
        <ProFormSelect
          name="msgType"
          label={t('msg.msgType')}
          hidden={types.length === 1}
          options={types.map((ty) => ({ value: ty, label: t(`msg.types.${ty}`) }))}
          rules={rules.required(t('msg.msgType'), true)}
        />
        <ProFormRadio.Group
          name="target"
          label={t('msg.target')}
          options={[
            { value: 'user', label: t('msg.targets.user') },
            { value: 'role', label: t('msg.targets.role') },
            { value: 'all', label: t('msg.targets.all') },
          ]}
          fieldProps={{ 'data-testid': 'form-target' } as Record<string, unknown>}
        />
        <ProFormDependency name={['target']}>
          {({ target }) =>
            target === 'user' ? (
              <ProFormSelect
                name="userIds"
                label={t('msg.userIds')}
                mode="multiple"
                showSearch
                debounceTime={300}
                placeholder={t('msg.userSearch')}
                request={async ({ keyWords }) => {
                  const res = await systemSysMsgInfoRecipients({ keyword: keyWords });
                  return res.data.users.map((u) => ({
                    value: u.userId,
                    label: `${u.nickName || u.userName}（${u.userName}）`,
                  }));
                }}
                fieldProps={{ filterOption: false, 'data-testid': 'form-userIds' } as Record<string, unknown>}
                rules={rules.required(t('msg.userIds'), true)}
              />
            ) : target === 'role' ? (
              <ProFormSelect
                name="roleIds"
                label={t('msg.roleIds')}
                mode="multiple"
                request={async () =>
                  (await systemSysMsgInfoRecipients()).data.roles.map((r) => ({ value: r.roleId, label: r.roleName }))
                }
                fieldProps={{ 'data-testid': 'form-roleIds' } as Record<string, unknown>}
                rules={rules.required(t('msg.roleIds'), true)}
              />
            ) : (
              <Alert type="warning" showIcon message={t('msg.toEveryone')} style={{ marginBottom: 24 }} />
            )
          }
        </ProFormDependency>
        <ProFormText
          name="bt"
          label={t('msg.bt')}
          rules={[...rules.required(t('msg.bt')), rules.max(t('msg.bt'), 200)]}
          fieldProps={{ 'data-testid': 'form-bt' }}
        />
        <ProFormTextArea
          name="nr"
          label={t('msg.nr')}
          fieldProps={{ rows: 6, 'data-testid': 'form-nr' } as Record<string, unknown>}
          rules={[...rules.required(t('msg.nr')), rules.max(t('msg.nr'), 5000)]}
        />
      </EditorModal>

      <EditorModal<SystemSysMsgInfoUpdateBody & Record<string, unknown>>
        title={t('msg.editTitle')}
        editor={editor}
        initialValues={editing ? { id: editing.id, msgType: editing.msgType, bt: editing.bt, nr: editing.nr } : {}}
        onSubmit={(v) => systemSysMsgInfoUpdate({ id: editing!.id, msgType: v.msgType, bt: v.bt, nr: v.nr })}
        onSaved={list.reload}
        width={720}
        testId="msg-edit-modal"
      >
        <Alert type="info" showIcon message={t('msg.editHint')} style={{ marginBottom: 16 }} />
        <ProFormSelect
          name="msgType"
          label={t('msg.msgType')}
          hidden={types.length === 1}
          options={types.map((ty) => ({ value: ty, label: t(`msg.types.${ty}`) }))}
        />
        <ProFormText
          name="bt"
          label={t('msg.bt')}
          rules={[...rules.required(t('msg.bt')), rules.max(t('msg.bt'), 200)]}
        />
        <ProFormTextArea
          name="nr"
          label={t('msg.nr')}
          fieldProps={{ rows: 6 }}
          rules={[...rules.required(t('msg.nr')), rules.max(t('msg.nr'), 5000)]}
        />
      </EditorModal>

      <Modal
        open={!!viewing}
        title={viewing?.bt}
        footer={null}
        width={640}
        onCancel={() => setViewing(null)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          <Badge
            status={viewing?.ckzt === '1' ? 'default' : 'processing'}
            text={viewing?.ckzt === '1' ? t('msg.read') : t('msg.unread')}
          />{' '}
          · {viewing?.senderName} · {formatDateTime(viewing?.createdAt)} · {t('msg.recipient')}: {viewing?.nickName}（
          {viewing?.userName}）
        </Typography.Paragraph>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{viewing?.nr}</Typography.Paragraph>
      </Modal>
    </ListPage>
  );
}

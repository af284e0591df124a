/** 用户组管理 (SPEC 2 UserGroupList): groups with their member count; create/edit with members; delete after confirmation. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Form, Input, Modal, Popconfirm, Radio, Select, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import AuthButton from '@/components/AuthButton';
import { ExportButton } from '@/components/ExcelButtons';
import { tableRequest, useTablePagination } from '@/components/ProTableKit';
import { formatDateTime } from '@/components/ProTableKit/format';
import { errorMessage, toApiError } from '@/services/request';
import { getGroup, groupUserOptions, listGroups, removeGroups, saveGroup, updateGroup, type UserGroupInput, type UserGroupRow } from '@/services/systemGroup';
import { dateRangeColumn } from '../UserList/shared/dateRange';
import { NS } from '../UserList/shared/ns';
import { searchOnly } from '../PositionList/adminKit';

type Filters = { groupName?: string; status?: string };
type Option = { value: number; label: string };

function GroupModal({ open, editing, onClose, onSaved }: { open: boolean; editing: UserGroupRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const [form] = Form.useForm<UserGroupInput>();
  const [options, setOptions] = useState<Option[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    void groupUserOptions().then((r) => setOptions(r.data)).catch(() => undefined);
    if (!editing) {
      form.setFieldsValue({ status: '1', userIds: [] });
      return;
    }
    getGroup(editing.groupId)
      .then(({ data }) => {
        setOptions((prev) => {
          const known = new Set(prev.map((o) => o.value));
          return [...prev, ...data.members.filter((m) => !known.has(m.userId)).map((m) => ({ value: m.userId, label: m.nickName ? `${m.nickName}（${m.userName}）` : m.userName }))];
        });
        form.setFieldsValue({ groupName: data.groupName, remark: data.remark ?? '', status: data.status, userIds: data.userIds });
      })
      .catch((err: unknown) => void message.error(errorMessage(err, t('common.loadFailed'))));
  }, [open, editing, form, message, t]);

  const search = (keyword: string) => {
    void groupUserOptions(keyword).then((r) =>
      setOptions((prev) => {
        const chosen = new Set<number>(form.getFieldValue('userIds') ?? []);
        const keep = prev.filter((o) => chosen.has(o.value));
        const known = new Set(keep.map((o) => o.value));
        return [...keep, ...r.data.filter((o) => !known.has(o.value))];
      }),
    ).catch(() => undefined);
  };

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const body = { ...v, remark: v.remark || null, userIds: v.userIds ?? [] };
      const res = editing ? await updateGroup({ ...body, groupId: editing.groupId }) : await saveGroup(body);
      void message.success(res.msg || t('common.done'));
      onSaved();
      onClose();
    } catch (err) {
      const e = toApiError(err);
      if (e.field === 'groupName') form.setFields([{ name: 'groupName', errors: [e.msg] }]);
      void message.error(errorMessage(err, t('common.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('group.editTitle') : t('group.addTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'group-form-submit' } as ButtonProps}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="groupName" label={t('group.groupName')} rules={[{ required: true, whitespace: true, message: t('common.required', { field: t('group.groupName') }) }, { max: 64, message: t('common.max', { field: t('group.groupName'), max: 64 }) }]}>
          <Input data-testid="form-groupName" />
        </Form.Item>
        <Form.Item name="status" label={t('common.status')}>
          <Radio.Group options={[{ value: '1', label: t('common.statusNormal') }, { value: '0', label: t('common.statusDisabled') }]} />
        </Form.Item>
        <Form.Item name="userIds" label={t('group.members')}>
          <Select mode="multiple" showSearch filterOption={false} onSearch={search} options={options} placeholder={t('group.searchMembers')} data-testid="form-members" />
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark')} rules={[{ max: 500, message: t('common.max', { field: t('common.remark'), max: 500 }) }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function UserGroupList() {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const actionRef = useRef<ActionType>(null);
  const pagination = useTablePagination();
  const [editing, setEditing] = useState<UserGroupRow | null>(null);
  const [open, setOpen] = useState(false);
  const reload = useCallback(() => void actionRef.current?.reload(), []);
  const [lastQuery, setLastQuery] = useState<Record<string, unknown>>({});
  const request = useMemo(() => tableRequest<UserGroupRow, Filters>((q) => {
    setLastQuery(searchOnly(q));
    return listGroups(q);
  }, actionRef), []);

  const remove = async (row: UserGroupRow) => {
    try {
      const res = await removeGroups([row.groupId]);
      void message.success(res.msg || t('common.done'));
      reload();
    } catch (err) {
      void message.error(errorMessage(err, t('common.failed')));
    }
  };

  const columns: ProColumns<UserGroupRow>[] = [
    { title: t('group.groupName'), dataIndex: 'groupName', fieldProps: { 'data-testid': 'search-groupName' } },
    { title: t('group.memberCount'), dataIndex: 'memberCount', search: false, width: 100 },
    {
      title: t('common.status'),
      dataIndex: 'status',
      width: 100,
      valueType: 'select',
      valueEnum: { '1': { text: t('common.statusNormal'), status: 'Success' }, '0': { text: t('common.statusDisabled'), status: 'Default' } },
    },
    { title: t('common.remark'), dataIndex: 'remark', search: false, ellipsis: true },
    { title: t('common.createdAt'), dataIndex: 'createdAt', search: false, width: 170, render: (_d, r) => formatDateTime(r.createdAt) },
    dateRangeColumn<UserGroupRow>(t('common.dateRange')),
    {
      title: t('common.action'),
      valueType: 'option',
      width: 140,
      render: (_d, r) => [
        <AuthButton key="edit" perm="system:userGroup:edit">
          <a onClick={() => { setEditing(r); setOpen(true); }} data-testid={`group-edit-${r.groupId}`}>
            {t('common.edit')}
          </a>
        </AuthButton>,
        <AuthButton key="remove" perm="system:userGroup:remove">
          <Popconfirm title={t('group.deleteConfirm', { name: r.groupName })} onConfirm={() => void remove(r)}>
            <Typography.Link type="danger" data-testid={`group-remove-${r.groupId}`}>
              {t('common.delete')}
            </Typography.Link>
          </Popconfirm>
        </AuthButton>,
      ],
    },
  ];

  return (
    <PageHeaderWrapper title={t('group.title')}>
      <ProTable<UserGroupRow, Filters>
        rowKey="groupId"
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={pagination}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        data-testid="group-table"
        toolBarRender={() => [
          <AuthButton key="add" perm="system:userGroup:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => { setEditing(null); setOpen(true); }} data-testid="group-add">
              {t('common.add')}
            </Button>
          </AuthButton>,
          <ExportButton key="export" url="/system/userGroup/export" params={lastQuery} fileName={t('group.title')} perm="system:userGroup:list" />,
        ]}
      />
      <GroupModal open={open} editing={editing} onClose={() => setOpen(false)} onSaved={reload} />
    </PageHeaderWrapper>
  );
}

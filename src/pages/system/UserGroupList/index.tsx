/** 用户组管理 (SPEC 2 UserGroupList): groups with their member count; create/edit with members; delete after confirmation. */
import { useEffect, useState } from 'react';
import { Form, Input, Radio, Select } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  ActionModal,
  EditLink,
  ListPage,
  RemoveLink,
  dateRangeColumn,
  useAction,
  useAdminColumns,
  useEditor,
  useListPage,
  useRules,
  useServerError,
  useStatusOptions,
  useSubmit,
} from '@/components/AdminKit';
import {
  systemUserGroupExport,
  systemUserGroupGet,
  systemUserGroupList,
  systemUserGroupRemove,
  systemUserGroupSave,
  systemUserGroupUpdate,
  systemUserGroupUserOptions,
} from '@/services/generated/api';
import type {
  SystemUserGroupList200,
  SystemUserGroupListParams,
  SystemUserGroupSaveBody,
} from '@/services/generated/api.schemas';
import { SYS_USER as NS } from '../namespaces';

type UserGroupRow = SystemUserGroupList200['rows'][number];
type Filters = Omit<SystemUserGroupListParams, 'pageNum' | 'pageSize'>;
type Option = { value: number; label: string };

function GroupModal({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: UserGroupRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(NS);
  const rules = useRules();
  const statusOptions = useStatusOptions();
  const showError = useServerError();
  const [form] = Form.useForm<SystemUserGroupSaveBody>();
  const [options, setOptions] = useState<Option[]>([]);
  const { busy, run } = useSubmit(() => {
    onSaved();
    onClose();
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    void systemUserGroupUserOptions()
      .then((r) => setOptions(r.data))
      .catch(() => undefined);
    if (!editing) {
      form.setFieldsValue({ status: '1', userIds: [] });
      return;
    }
    systemUserGroupGet(editing.groupId)
      .then(({ data }) => {
        setOptions((prev) => {
          const known = new Set(prev.map((o) => o.value));
          return [
            ...prev,
            ...data.members
              .filter((m) => !known.has(m.userId))
              .map((m) => ({ value: m.userId, label: m.nickName ? `${m.nickName}（${m.userName}）` : m.userName })),
          ];
        });
        form.setFieldsValue({
          groupName: data.groupName,
          remark: data.remark ?? '',
          status: data.status,
          userIds: data.userIds,
        });
      })
      .catch((err: unknown) => showError(err));
  }, [open, editing, form, showError]);

  const search = (keyword: string) => {
    void systemUserGroupUserOptions({ keyword })
      .then((r) =>
        setOptions((prev) => {
          const chosen = new Set<number>(form.getFieldValue('userIds') ?? []);
          const keep = prev.filter((o) => chosen.has(o.value));
          const known = new Set(keep.map((o) => o.value));
          return [...keep, ...r.data.filter((o) => !known.has(o.value))];
        }),
      )
      .catch(() => undefined);
  };

  const submit = async () => {
    const v = await form.validateFields();
    const body = { ...v, remark: v.remark || null, userIds: v.userIds ?? [] };
    await run(
      () => (editing ? systemUserGroupUpdate({ ...body, groupId: editing.groupId }) : systemUserGroupSave(body)),
      form,
    );
  };

  return (
    <ActionModal
      open={open}
      title={editing ? t('group.editTitle') : t('group.addTitle')}
      onClose={onClose}
      onOk={submit}
      busy={busy}
      okTestId="group-form-submit"
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="groupName"
          label={t('group.groupName')}
          rules={[
            { ...rules.required(t('group.groupName'))[0], whitespace: true },
            rules.max(t('group.groupName'), 64),
          ]}
        >
          <Input data-testid="form-groupName" />
        </Form.Item>
        <Form.Item name="status" label={t('common.status')}>
          <Radio.Group options={statusOptions} />
        </Form.Item>
        <Form.Item name="userIds" label={t('group.members')}>
          <Select
            mode="multiple"
            showSearch
            filterOption={false}
            onSearch={search}
            options={options}
            placeholder={t('group.searchMembers')}
            data-testid="form-members"
          />
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark')} rules={[rules.max(t('common.remark'), 500)]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}

/** The page's fixed wiring: row key, test id, 新增 and 导出. */
const PAGE = {
  rowKey: 'groupId',
  testId: 'group-table',
  add: { perm: 'system:userGroup:add', testId: 'group-add' },
  exportTo: { call: systemUserGroupExport, perm: 'system:userGroup:list' },
} as const;

export default function UserGroupList() {
  const { t } = useTranslation(NS);
  const cols = useAdminColumns<UserGroupRow>();
  const list = useListPage<UserGroupRow, Filters>(systemUserGroupList);
  const act = useAction(list.reload);
  const editor = useEditor<UserGroupRow>();

  const columns: ProColumns<UserGroupRow>[] = [
    { title: t('group.groupName'), dataIndex: 'groupName', fieldProps: { 'data-testid': 'search-groupName' } },
    { title: t('group.memberCount'), dataIndex: 'memberCount', search: false, width: 100 },
    cols.status(),
    { title: t('common.remark'), dataIndex: 'remark', search: false, ellipsis: true },
    cols.createdAt(),
    dateRangeColumn<UserGroupRow>(t('common.dateRange')),
    cols.action(140, (r) => [
      <EditLink
        key="edit"
        perm="system:userGroup:edit"
        onClick={() => editor.edit(r)}
        testId={`group-edit-${r.groupId}`}
      />,
      <RemoveLink
        key="remove"
        perm="system:userGroup:remove"
        title={t('group.deleteConfirm', { name: r.groupName })}
        onConfirm={() => act(() => systemUserGroupRemove({ ids: String(r.groupId) }))}
        testId={`group-remove-${r.groupId}`}
      />,
    ]),
  ];

  return (
    <ListPage<UserGroupRow, Filters>
      {...PAGE}
      onAdd={editor.create}
      title={t('group.title')}
      list={list}
      columns={columns}
    >
      <GroupModal open={editor.open} editing={editor.editing} onClose={editor.close} onSaved={list.reload} />
    </ListPage>
  );
}

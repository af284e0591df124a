/** 参数设置: list (search, paging, 总共 N 条记录), export, create/edit modal, delete with confirmation. */
import { Alert, Space, Tag, Tooltip, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { ProFormRadio, ProFormText, ProFormTextArea, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  EditLink,
  EditorModal,
  ListPage,
  RemoveLink,
  dateRangeColumn,
  useAdminList,
  useRules,
} from '@/components/AdminKit';
import {
  systemConfigExport,
  systemConfigList,
  systemConfigRemove,
  systemConfigSave,
  systemConfigUpdate,
} from '@/services/generated/api';
import type {
  SystemConfigList200,
  SystemConfigListParams,
  SystemConfigSaveBody,
} from '@/services/generated/api.schemas';
import { SYS_ADMIN } from '../namespaces';

type SysConfig = SystemConfigList200['rows'][number];
type Search = Omit<SystemConfigListParams, 'pageNum' | 'pageSize'>;

/** The page's fixed wiring: row key, test id, 新增 and 导出. */
const PAGE = {
  rowKey: 'configId',
  testId: 'config-table',
  add: { perm: 'system:config:add', testId: 'config-add' },
  exportTo: { call: systemConfigExport, perm: 'system:config:export' },
} as const;

export default function ConfigList() {
  const { t } = useTranslation(SYS_ADMIN);
  const { list, cols, editor, remove } = useAdminList<SysConfig, Search>(systemConfigList);
  const rules = useRules();
  const builtIn = editor.editing?.configType === 'Y';

  const typeEnum = { Y: { text: t('common.yes') }, N: { text: t('common.no') } };
  const columns: ProColumns<SysConfig>[] = [
    { title: t('config.configId'), dataIndex: 'configId', width: 90, search: false },
    {
      title: t('config.configName'),
      dataIndex: 'configName',
      ellipsis: true,
      fieldProps: { 'data-testid': 'search-configName' },
    },
    {
      title: t('config.configKey'),
      dataIndex: 'configKey',
      width: 340,
      fieldProps: { 'data-testid': 'search-configKey' },
      render: (_d, r) => (
        <Space size={4} wrap>
          <Typography.Text copyable>{r.configKey}</Typography.Text>
          {r.security && (
            <Tooltip title={t('config.securityHint')}>
              <Tag color="gold" icon={<LockOutlined />}>
                {t('config.security')}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    { title: t('config.configValue'), dataIndex: 'configValue', width: 160, ellipsis: true, search: false },
    { title: t('config.configType'), dataIndex: 'configType', width: 110, valueType: 'select', valueEnum: typeEnum },
    { title: t('common.remark'), dataIndex: 'remark', ellipsis: true, search: false },
    cols.createdAt(),
    dateRangeColumn<SysConfig>(t('common.createdAt')),
    cols.action(130, (r) => [
      <EditLink key="edit" perm="system:config:edit" onClick={() => editor.edit(r)} />,
      r.configType === 'N' ? (
        <RemoveLink
          key="remove"
          perm="system:config:remove"
          onConfirm={() => remove(() => systemConfigRemove({ ids: String(r.configId) }))}
        />
      ) : null,
    ]),
  ];

  return (
    <ListPage<SysConfig, Search>
      {...PAGE}
      onAdd={editor.create}
      title={t('config.title')}
      list={list}
      columns={columns}
    >
      <EditorModal<SystemConfigSaveBody>
        title={editor.editing ? t('config.editTitle') : t('config.addTitle')}
        editor={editor}
        initialValues={editor.editing ?? { configType: 'N' }}
        onSubmit={(values) =>
          editor.editing
            ? systemConfigUpdate({ ...values, configId: editor.editing.configId })
            : systemConfigSave(values)
        }
        onSaved={list.reload}
        width={600}
        testId="config-modal"
      >
        {editor.editing?.security && (
          <Alert type="warning" showIcon message={t('config.securityHint')} style={{ marginBottom: 16 }} />
        )}
        <ProFormText
          name="configName"
          label={t('config.configName')}
          rules={[...rules.required(t('config.configName')), rules.max(t('config.configName'), 100)]}
          fieldProps={{ 'data-testid': 'form-configName' }}
        />
        <ProFormText
          name="configKey"
          label={t('config.configKey')}
          disabled={builtIn}
          rules={[
            ...rules.required(t('config.configKey')),
            rules.max(t('config.configKey'), 100),
            { pattern: /^[A-Za-z0-9_.-]+$/, message: t('config.keyPattern') },
          ]}
          fieldProps={{ 'data-testid': 'form-configKey' }}
        />
        <ProFormText
          name="configValue"
          label={t('config.configValue')}
          rules={[...rules.required(t('config.configValue')), rules.max(t('config.configValue'), 2000)]}
          fieldProps={{ 'data-testid': 'form-configValue' }}
        />
        <ProFormRadio.Group
          name="configType"
          label={t('config.configType')}
          disabled={builtIn}
          options={[
            { value: 'Y', label: t('common.yes') },
            { value: 'N', label: t('common.no') },
          ]}
        />
        <ProFormTextArea name="remark" label={t('common.remark')} rules={[rules.max(t('common.remark'), 500)]} />
      </EditorModal>
    </ListPage>
  );
}

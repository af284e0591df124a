/** 参数设置: list (search, paging, 总共 N 条记录), export, create/edit modal, delete with confirmation. */
import { useState } from 'react';
import { Alert, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { LockOutlined, PlusOutlined } from '@ant-design/icons';
import { ProFormRadio, ProFormText, ProFormTextArea, ProTable, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import AuthButton from '@/components/AuthButton';
import { ExportButton } from '@/components/ExcelButtons';
import { formatDateTime } from '@/components/ProTableKit/format';
import { CONFIG_EXPORT_URL, listConfigs, removeConfigs, saveConfig, type ConfigInput, type ConfigQuery, type SysConfig } from '@/services/systemConfig';
import { dateRangeColumn, EditorModal, NS, RemoveLink, useListPage, useRemove, useRules } from '../PositionList/adminKit';

export default function ConfigList() {
  const { t } = useTranslation(NS);
  const { actionRef, pagination, request, lastQuery, reload } = useListPage<SysConfig, Omit<ConfigQuery, 'pageNum' | 'pageSize'>>(listConfigs);
  const remove = useRemove(reload);
  const rules = useRules();
  const [editing, setEditing] = useState<SysConfig | null>(null);
  const [open, setOpen] = useState(false);

  const openEditor = (row: SysConfig | null) => {
    setEditing(row);
    setOpen(true);
  };

  const typeEnum = { Y: { text: t('common.yes') }, N: { text: t('common.no') } };
  const columns: ProColumns<SysConfig>[] = [
    { title: t('config.configId'), dataIndex: 'configId', width: 90, search: false },
    { title: t('config.configName'), dataIndex: 'configName', ellipsis: true, fieldProps: { 'data-testid': 'search-configName' } },
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
    { title: t('common.createdAt'), dataIndex: 'createdAt', width: 170, search: false, render: (_d, r) => formatDateTime(r.createdAt) },
    dateRangeColumn<SysConfig>(t('common.createdAt')),
    {
      title: t('common.action'),
      valueType: 'option',
      width: 130,
      render: (_d, r) => [
        <AuthButton key="edit" perm="system:config:edit">
          <a onClick={() => openEditor(r)} data-testid="row-edit">
            {t('common.edit')}
          </a>
        </AuthButton>,
        r.configType === 'N' ? (
          <RemoveLink key="remove" perm="system:config:remove" onConfirm={() => remove(() => removeConfigs([r.configId]))} />
        ) : null,
      ],
    },
  ];

  return (
    <PageHeaderWrapper title={t('config.title')}>
      <ProTable<SysConfig, Omit<ConfigQuery, 'pageNum' | 'pageSize'>>
        rowKey="configId"
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={pagination}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        data-testid="config-table"
        toolBarRender={() => [
          <AuthButton key="add" perm="system:config:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openEditor(null)} data-testid="config-add">
              {t('common.add')}
            </Button>
          </AuthButton>,
          <ExportButton key="export" url={CONFIG_EXPORT_URL} params={lastQuery} fileName={t('config.title')} perm="system:config:export" />,
        ]}
      />
      <EditorModal<ConfigInput>
        title={editing ? t('config.editTitle') : t('config.addTitle')}
        open={open}
        onClose={() => setOpen(false)}
        initialValues={editing ?? { configType: 'N' }}
        onSubmit={(values) => saveConfig({ ...values, configId: editing?.configId })}
        onSaved={reload}
        testId="config-modal"
      >
        {editing?.security && <Alert type="warning" showIcon message={t('config.securityHint')} style={{ marginBottom: 16 }} />}
        <ProFormText name="configName" label={t('config.configName')} rules={[...rules.required(t('config.configName')), rules.max(t('config.configName'), 100)]} fieldProps={{ 'data-testid': 'form-configName' }} />
        <ProFormText
          name="configKey"
          label={t('config.configKey')}
          disabled={editing?.configType === 'Y'}
          rules={[...rules.required(t('config.configKey')), rules.max(t('config.configKey'), 100), { pattern: /^[A-Za-z0-9_.-]+$/, message: t('config.keyPattern') }]}
          fieldProps={{ 'data-testid': 'form-configKey' }}
        />
        <ProFormText name="configValue" label={t('config.configValue')} rules={[...rules.required(t('config.configValue')), rules.max(t('config.configValue'), 2000)]} fieldProps={{ 'data-testid': 'form-configValue' }} />
        <ProFormRadio.Group
          name="configType"
          label={t('config.configType')}
          disabled={editing?.configType === 'Y'}
          options={[
            { value: 'Y', label: t('common.yes') },
            { value: 'N', label: t('common.no') },
          ]}
        />
        <ProFormTextArea name="remark" label={t('common.remark')} rules={[rules.max(t('common.remark'), 500)]} />
      </EditorModal>
    </PageHeaderWrapper>
  );
}

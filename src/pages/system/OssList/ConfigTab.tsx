/** Storage configurations: which store new files go to (local disk or an S3-compatible store); add, edit, switch. */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Space, Table, Tag, type TableColumnsType } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  ConfirmLink,
  EditLink,
  EditorModal,
  useAction,
  useEditor,
  useKitText,
  useRules,
  useServerError,
} from '@/components/AdminKit';
import { systemOssConfig, systemOssSave, systemOssSaveConfig, systemOssUpdate } from '@/services/generated/api';
import type { SystemOssConfig200, SystemOssSaveBody } from '@/services/generated/api.schemas';

type OssConfig = SystemOssConfig200['data'][number];
import { SYS_DATA } from '../namespaces';

/** Configuring storage (the 存储配置 button; server: OSS_CONFIG_PERM). */
export const OSS_CONFIG_PERM = 'system:oss:edit';

/** The local disk: the server lists it as configuration 0 (in use when no other configuration is). */
const LOCAL_DISK_ID = 0;

export default function ConfigTab() {
  const { t } = useTranslation(SYS_DATA);
  const kt = useKitText();
  const rules = useRules();
  const showError = useServerError();
  const [rows, setRows] = useState<OssConfig[]>([]);
  const [loading, setLoading] = useState(false);
  const editor = useEditor<OssConfig>();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows((await systemOssConfig()).data ?? []);
    } catch (err) {
      showError(err);
    } finally {
      setLoading(false);
    }
  }, [showError]);
  useEffect(() => {
    void load();
  }, [load]);
  const act = useAction(() => void load());

  const columns: TableColumnsType<OssConfig> = [
    {
      title: t('oss.configKey'),
      dataIndex: 'configKey',
      width: 300,
      render: (v: string, r) => (
        <Space>
          <strong>{r.ossConfigId === LOCAL_DISK_ID ? t('oss.localDisk') : v}</strong>
          {r.inUse && (
            <Tag icon={<CheckCircleFilled />} color="success">
              {t('oss.inUse')}
            </Tag>
          )}
        </Space>
      ),
    },
    { title: t('oss.endpoint'), dataIndex: 'endpoint', render: (v: string | null) => v ?? '-' },
    { title: t('oss.bucketName'), dataIndex: 'bucketName', width: 120, render: (v: string | null) => v ?? '-' },
    { title: t('oss.prefix'), dataIndex: 'prefix', width: 100, render: (v: string | null) => v ?? '-' },
    { title: t('oss.region'), dataIndex: 'region', width: 110, render: (v: string | null) => v ?? '-' },
    {
      title: t('oss.accessKey'),
      dataIndex: 'accessKey',
      width: 130,
      ellipsis: true,
      render: (v: string | null) => v ?? '-',
    },
    {
      title: t('oss.secretKey'),
      dataIndex: 'hasSecret',
      width: 100,
      render: (v: boolean, r) =>
        r.ossConfigId === LOCAL_DISK_ID ? (
          '-'
        ) : v ? (
          <Tag color="green">{t('oss.secretSet')}</Tag>
        ) : (
          <Tag>{t('oss.secretUnset')}</Tag>
        ),
    },
    { title: t('oss.fileCount'), dataIndex: 'fileCount', width: 90 },
    {
      title: kt('admin.action'),
      width: 150,
      render: (_v, r) => (
        <Space>
          {!r.inUse && (
            <ConfirmLink
              perm={OSS_CONFIG_PERM}
              title={t('oss.useConfirm', { name: r.ossConfigId === LOCAL_DISK_ID ? t('oss.localDisk') : r.configKey })}
              onConfirm={() => act(() => systemOssSaveConfig({ ossConfigId: r.ossConfigId }))}
              testId="config-use"
              danger={false}
            >
              {t('oss.use')}
            </ConfirmLink>
          )}
          {r.ossConfigId !== LOCAL_DISK_ID && (
            <EditLink perm={OSS_CONFIG_PERM} onClick={() => editor.edit(r)} testId="config-edit" />
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('oss.configHint')} />
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
        <AddButton perm={OSS_CONFIG_PERM} onClick={editor.create} testId="config-add">
          {t('oss.addConfig')}
        </AddButton>
      </div>
      <Table<OssConfig>
        rowKey="ossConfigId"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        data-testid="oss-config-table"
      />
      <EditorModal<SystemOssSaveBody>
        title={editor.editing ? t('oss.editConfig') : t('oss.addConfig')}
        editor={editor}
        onSaved={() => void load()}
        initialValues={editor.editing ? { ...editor.editing, secretKey: '' } : { region: 'us-east-1' }}
        testId="oss-config-modal"
        onSubmit={(v) =>
          editor.editing ? systemOssUpdate({ ...v, ossConfigId: editor.editing.ossConfigId }) : systemOssSave(v)
        }
      >
        <ProFormText
          name="configKey"
          label={t('oss.configKey')}
          tooltip={t('oss.configKeyHint')}
          rules={[
            ...rules.required(t('oss.configKey')),
            rules.max(t('oss.configKey'), 16),
            { pattern: /^[a-z][a-z0-9_-]*$/, message: t('oss.configKeyPattern') },
          ]}
          fieldProps={{ placeholder: 'minio', 'data-testid': 'form-configKey' }}
        />
        <ProFormText
          name="endpoint"
          label={t('oss.endpoint')}
          tooltip={t('oss.endpointHint')}
          rules={[rules.max(t('oss.endpoint'), 200)]}
          fieldProps={{ placeholder: 'https://minio.example.gov.cn:9000', 'data-testid': 'form-endpoint' }}
        />
        <ProFormText
          name="region"
          label={t('oss.region')}
          rules={[rules.max(t('oss.region'), 64)]}
          fieldProps={{ placeholder: 'us-east-1' }}
        />
        <ProFormText
          name="bucketName"
          label={t('oss.bucketName')}
          rules={[rules.max(t('oss.bucketName'), 100)]}
          fieldProps={{ 'data-testid': 'form-bucketName' }}
        />
        <ProFormText
          name="prefix"
          label={t('oss.prefix')}
          tooltip={t('oss.prefixHint')}
          rules={[rules.max(t('oss.prefix'), 100)]}
        />
        <ProFormText
          name="accessKey"
          label={t('oss.accessKey')}
          rules={[rules.max(t('oss.accessKey'), 200)]}
          fieldProps={{ autoComplete: 'off', 'data-testid': 'form-accessKey' }}
        />
        <ProFormText.Password
          name="secretKey"
          label={t('oss.secretKey')}
          rules={[rules.max(t('oss.secretKey'), 200)]}
          fieldProps={{
            autoComplete: 'new-password',
            placeholder: editor.editing?.hasSecret ? t('oss.secretKeep') : '',
            'data-testid': 'form-secretKey',
          }}
        />
        <ProFormTextArea name="remark" label={t('common.remark')} rules={[rules.max(t('common.remark'), 500)]} />
      </EditorModal>
    </>
  );
}

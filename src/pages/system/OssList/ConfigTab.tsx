/** Storage configurations: which store new files go to (local disk or an S3-compatible store); add, edit, switch. */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { CheckCircleFilled, PlusOutlined } from '@ant-design/icons';
import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import AuthButton from '@/components/AuthButton';
import { chooseOssConfig, listOssConfigs, saveOssConfig, type OssConfig, type OssConfigInput } from '@/services/systemOss';
import { EditorModal, NS, useAction, useRules, useServerError } from '../PermissionList/kit';

/** Configuring storage (the 存储配置 button; server: OSS_CONFIG_PERM). */
export const OSS_CONFIG_PERM = 'system:oss:edit';

const LOCAL: OssConfig = {
  ossConfigId: 0, configKey: 'local', endpoint: null, region: null, bucketName: null, prefix: null, accessKey: null,
  hasSecret: false, status: '1', fileCount: 0, remark: null, createdAt: '',
};

export default function ConfigTab() {
  const { t } = useTranslation(NS);
  const rules = useRules();
  const showError = useServerError();
  const [rows, setRows] = useState<OssConfig[]>([]);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<OssConfig | null>(null);
  const [open, setOpen] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const list = (await listOssConfigs()).data ?? [];
      const inUse = list.some((c) => c.status === '0');
      // The local disk is always a choice; it is in use when no configuration is.
      const local = list.find((c) => c.configKey === 'local');
      setRows(local ? list : [{ ...LOCAL, status: inUse ? '1' : '0' }, ...list]);
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
          <strong>{r.ossConfigId === 0 ? t('oss.localDisk') : v}</strong>
          {r.status === '0' && <Tag icon={<CheckCircleFilled />} color="success">{t('oss.inUse')}</Tag>}
        </Space>
      ),
    },
    { title: t('oss.endpoint'), dataIndex: 'endpoint', render: (v: string | null) => v ?? '-' },
    { title: t('oss.bucketName'), dataIndex: 'bucketName', width: 120, render: (v: string | null) => v ?? '-' },
    { title: t('oss.prefix'), dataIndex: 'prefix', width: 100, render: (v: string | null) => v ?? '-' },
    { title: t('oss.region'), dataIndex: 'region', width: 110, render: (v: string | null) => v ?? '-' },
    { title: t('oss.accessKey'), dataIndex: 'accessKey', width: 130, ellipsis: true, render: (v: string | null) => v ?? '-' },
    { title: t('oss.secretKey'), dataIndex: 'hasSecret', width: 100, render: (v: boolean, r) => (r.ossConfigId === 0 ? '-' : v ? <Tag color="green">{t('oss.secretSet')}</Tag> : <Tag>{t('oss.secretUnset')}</Tag>) },
    { title: t('oss.fileCount'), dataIndex: 'fileCount', width: 90 },
    {
      title: t('common.action'),
      width: 150,
      render: (_v, r) => (
        <Space>
          {r.status !== '0' && (
            <AuthButton perm={OSS_CONFIG_PERM}>
              <Popconfirm
                title={t('oss.useConfirm', { name: r.ossConfigId === 0 ? t('oss.localDisk') : r.configKey })}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={() => act(() => chooseOssConfig(r.ossConfigId))}
              >
                <a data-testid="config-use">{t('oss.use')}</a>
              </Popconfirm>
            </AuthButton>
          )}
          {r.ossConfigId !== 0 && (
            <AuthButton perm={OSS_CONFIG_PERM}>
              <a onClick={() => { setEditing(r); setOpen(true); }} data-testid="config-edit">{t('common.edit')}</a>
            </AuthButton>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('oss.configHint')} />
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
        <AuthButton perm={OSS_CONFIG_PERM}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => { setEditing(null); setOpen(true); }} data-testid="config-add">
            {t('oss.addConfig')}
          </Button>
        </AuthButton>
      </div>
      <Table<OssConfig> rowKey="ossConfigId" size="middle" loading={loading} columns={columns} dataSource={rows} pagination={false} data-testid="oss-config-table" />
      <EditorModal<OssConfigInput>
        title={editing ? t('oss.editConfig') : t('oss.addConfig')}
        open={open}
        onClose={() => setOpen(false)}
        onSaved={() => void load()}
        initialValues={editing ? { ...editing, secretKey: '' } : { region: 'us-east-1' }}
        testId="oss-config-modal"
        onSubmit={(v) => saveOssConfig({ ...v, ossConfigId: editing?.ossConfigId })}
      >
        <ProFormText
          name="configKey"
          label={t('oss.configKey')}
          tooltip={t('oss.configKeyHint')}
          rules={[...rules.required(t('oss.configKey')), rules.max(t('oss.configKey'), 16), { pattern: /^[a-z][a-z0-9_-]*$/, message: t('oss.configKeyPattern') }]}
          fieldProps={{ placeholder: 'minio', 'data-testid': 'form-configKey' }}
        />
        <ProFormText name="endpoint" label={t('oss.endpoint')} tooltip={t('oss.endpointHint')} rules={[rules.max(t('oss.endpoint'), 200)]} fieldProps={{ placeholder: 'https://minio.example.gov.cn:9000', 'data-testid': 'form-endpoint' }} />
        <ProFormText name="region" label={t('oss.region')} rules={[rules.max(t('oss.region'), 64)]} fieldProps={{ placeholder: 'us-east-1' }} />
        <ProFormText name="bucketName" label={t('oss.bucketName')} rules={[rules.max(t('oss.bucketName'), 100)]} fieldProps={{ 'data-testid': 'form-bucketName' }} />
        <ProFormText name="prefix" label={t('oss.prefix')} tooltip={t('oss.prefixHint')} rules={[rules.max(t('oss.prefix'), 100)]} />
        <ProFormText name="accessKey" label={t('oss.accessKey')} rules={[rules.max(t('oss.accessKey'), 200)]} fieldProps={{ autoComplete: 'off', 'data-testid': 'form-accessKey' }} />
        <ProFormText.Password
          name="secretKey"
          label={t('oss.secretKey')}
          rules={[rules.max(t('oss.secretKey'), 200)]}
          fieldProps={{ autoComplete: 'new-password', placeholder: editing?.hasSecret ? t('oss.secretKeep') : '', 'data-testid': 'form-secretKey' }}
        />
        <ProFormTextArea name="remark" label={t('common.remark')} rules={[rules.max(t('common.remark'), 500)]} />
      </EditorModal>
    </>
  );
}

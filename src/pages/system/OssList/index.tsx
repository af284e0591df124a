/** 文件存储: stored files (upload, download, delete) and the storage configuration in use. */
import { useState } from 'react';
import { ProCard } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { SYS_DATA } from '../namespaces';
import ConfigTab from './ConfigTab';
import FilesTab from './FilesTab';

export default function OssList() {
  const { t } = useTranslation(SYS_DATA);
  const [tab, setTab] = useState('files');
  return (
    <PageHeaderWrapper
      title={t('oss.title')}
      description={t('oss.description')}
      tabs={[
        { key: 'files', label: t('oss.filesTab') },
        { key: 'config', label: t('oss.configTab') },
      ]}
      activeTab={tab}
      onTabChange={setTab}
    >
      {tab === 'files' ? (
        <FilesTab />
      ) : (
        <ProCard data-testid="oss-config">
          <ConfigTab />
        </ProCard>
      )}
    </PageHeaderWrapper>
  );
}

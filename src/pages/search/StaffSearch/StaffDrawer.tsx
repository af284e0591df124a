/**
 * One person in full: the ID number, birth date and phone masked, each revealed by a click where the
 * caller's duty covers it (the server logs every such look and the drawer says so), their
 * certificates, employment records, continuing education and the applications about them.
 */
import { Alert, Descriptions, Drawer, Skeleton, Table, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDetail } from '@/components/DetailDrawer/useDetail';
import { searchStaffGet } from '@/services/generated/api';
import { formatDateTime } from '@/components/ProTableKit/format';
import { useWorkflowLabels } from '@/components/ApplicationViewModal/labels';
import { StatusTag, useCertLabels } from '../CertSearch/CertificateDrawer';
import { useSearchLabels } from '../components/labels';
import PersonalDatum from '@/components/PersonalDatum';

export default function StaffDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('search');
  const labels = useSearchLabels();
  const cert = useCertLabels();
  const workflow = useWorkflowLabels();
  const { detail, error } = useDetail(id, searchStaffGet, t('detail.loadFailed'));

  const d = detail;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={860}
      title={t('staff.detail')}
      destroyOnHidden
      data-testid="staff-drawer"
    >
      {error && <Alert type="error" showIcon message={error} />}
      {!d && !error && <Skeleton active paragraph={{ rows: 10 }} />}
      {d && (
        <>
          <Alert
            type="info"
            showIcon
            message={t('staff.logged')}
            style={{ marginBottom: 12 }}
            data-testid="staff-drawer-logged"
          />
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'name', label: t('field.name'), children: <strong>{d.name}</strong> },
              { key: 'sex', label: t('field.sex'), children: labels.sexEnum[d.sex]?.text ?? d.sex },
              {
                key: 'idNo',
                label: t('field.idNo'),
                children: (
                  <PersonalDatum datum="idNo" value={d.idNo} offer={d.personalData} testId="staff-drawer-idNo" />
                ),
              },
              {
                key: 'birthDate',
                label: t('field.birthDate'),
                children: (
                  <PersonalDatum
                    datum="birthDate"
                    value={d.birthDate}
                    offer={d.personalData}
                    testId="staff-drawer-birthDate"
                  />
                ),
              },
              {
                key: 'phone',
                label: t('field.phone'),
                children: (
                  <PersonalDatum datum="phone" value={d.phone} offer={d.personalData} testId="staff-drawer-phone" />
                ),
              },
              {
                key: 'employStatus',
                label: t('field.employStatus'),
                children: labels.employEnum[d.employStatus]?.text ?? d.employStatus,
              },
              { key: 'employer', label: t('field.employer'), children: d.enterpriseName ?? '-', span: 2 },
              {
                key: 'education',
                label: t('field.educationHours'),
                children: t('staff.hours', { hours: d.educationHours, count: d.educationRecords }),
                span: 2,
              },
            ]}
          />
          <Tabs
            style={{ marginTop: 12 }}
            items={[
              {
                key: 'certificates',
                label: t('staff.certificates', { count: d.certificates.length }),
                children: (
                  <Table
                    size="small"
                    rowKey="id"
                    dataSource={d.certificates}
                    pagination={false}
                    data-testid="staff-drawer-certificates"
                    columns={[
                      { title: t('field.certNo'), dataIndex: 'certNo' },
                      { title: t('field.category'), dataIndex: 'category', render: (v: string) => cert.category(v) },
                      {
                        title: t('field.certStatus'),
                        dataIndex: 'status',
                        render: (v: string) => <StatusTag code={v} />,
                      },
                      { title: t('field.expiryDate'), dataIndex: 'expiryDate' },
                    ]}
                  />
                ),
              },
              {
                key: 'employment',
                label: t('staff.employment', { count: d.employment.length }),
                children: (
                  <Table
                    size="small"
                    rowKey={(r) => `${r.source}-${r.enterpriseId}-${r.startDate}`}
                    dataSource={d.employment}
                    pagination={false}
                    columns={[
                      {
                        title: t('field.source'),
                        dataIndex: 'source',
                        render: (v: string) => t(`employmentSource.${v}`, { defaultValue: v }),
                      },
                      { title: t('field.employer'), dataIndex: 'enterpriseName' },
                      { title: t('field.startDate'), dataIndex: 'startDate' },
                      {
                        title: t('field.endDate'),
                        dataIndex: 'endDate',
                        render: (v: string | null) => v ?? t('staff.current'),
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'applications',
                label: t('staff.applications', { count: d.applications.length }),
                children: (
                  <Table
                    size="small"
                    rowKey="id"
                    dataSource={d.applications}
                    pagination={false}
                    columns={[
                      { title: t('field.applyNo'), dataIndex: 'applyNo' },
                      {
                        title: t('field.businessType'),
                        dataIndex: 'businessType',
                        render: (v: string, r) => workflow.business(v, r.businessLabel),
                      },
                      {
                        title: t('field.applyStatus'),
                        dataIndex: 'status',
                        render: (v: number, r) => workflow.status(v, r.statusLabel),
                      },
                      {
                        title: t('field.submittedAt'),
                        dataIndex: 'submittedAt',
                        render: (v: string | null) => formatDateTime(v),
                      },
                    ]}
                  />
                ),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

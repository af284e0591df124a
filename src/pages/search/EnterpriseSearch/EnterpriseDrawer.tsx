/** The detail of one enterprise: its data, its people (ID numbers masked) and its certificates, with links to the full lists. */
import { Alert, Button, Descriptions, Drawer, Skeleton, Space, Table, Tabs, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDetail } from '@/components/DetailDrawer/useDetail';
import { searchEnterpriseGet } from '@/services/generated/api';
import { StatusTag, useCertLabels } from '../CertSearch/CertificateDrawer';
import HeldCertificates from '../components/HeldCertificates';
import { AreaTag, LicenceTag, useSearchLabels } from '../components/labels';
import { drillUrl } from '../components/drill';

export default function EnterpriseDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('search');
  const labels = useSearchLabels();
  const cert = useCertLabels();
  const navigate = useNavigate();
  const { detail, error } = useDetail(id, searchEnterpriseGet, t('detail.loadFailed'));

  const d = detail;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={880}
      title={t('enterprise.detail')}
      destroyOnHidden
      data-testid="enterprise-drawer"
    >
      {error && <Alert type="error" showIcon message={error} />}
      {!d && !error && <Skeleton active paragraph={{ rows: 10 }} />}
      {d && (
        <>
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              {
                key: 'name',
                label: t('field.enterpriseName'),
                children: <strong data-testid="enterprise-drawer-name">{d.name}</strong>,
                span: 2,
              },
              { key: 'creditCode', label: t('field.creditCode'), children: d.creditCode },
              { key: 'legal', label: t('field.legalRepresentative'), children: d.legalRepresentative },
              { key: 'district', label: t('field.district'), children: d.districtName },
              { key: 'area', label: t('field.area'), children: <AreaTag area={d.ownership} /> },
              { key: 'qualification', label: t('field.qualification'), children: d.qualification ?? '-', span: 2 },
              { key: 'licenceNo', label: t('field.licenceNo'), children: d.licenceNo ?? '-' },
              {
                key: 'licence',
                label: t('field.licenceValidTo'),
                children: (
                  <Space>
                    {d.licenceValidTo ?? '-'}
                    <LicenceTag state={d.licenceState} />
                  </Space>
                ),
              },
              {
                key: 'status',
                label: t('field.enterpriseStatus'),
                children: labels.enterpriseStatusEnum[d.status]?.text ?? d.status,
              },
              { key: 'open', label: t('field.openApplications'), children: d.openApplications },
              { key: 'address', label: t('field.address'), children: d.address, span: 2 },
            ]}
          />
          <Space wrap style={{ margin: '12px 0' }}>
            {d.certificatesByStatus.map((s) => (
              <Tag key={s.status}>
                {cert.status(s.status, s.statusLabel)} {s.count}
              </Tag>
            ))}
          </Space>
          <Tabs
            items={[
              {
                key: 'people',
                label: t('enterprise.people', { count: d.staffCount }),
                children: (
                  <>
                    <Table
                      size="small"
                      rowKey="id"
                      dataSource={d.people}
                      pagination={{ pageSize: 10, hideOnSinglePage: true }}
                      data-testid="enterprise-drawer-people"
                      columns={[
                        { title: t('field.name'), dataIndex: 'name', width: 100 },
                        { title: t('field.idNo'), dataIndex: 'idNo', width: 190 },
                        {
                          title: t('field.employStatus'),
                          dataIndex: 'employStatus',
                          width: 90,
                          render: (v: string) => labels.employEnum[v]?.text ?? v,
                        },
                        {
                          title: t('field.certificates'),
                          dataIndex: 'certificates',
                          render: (_v, r) => <HeldCertificates certificates={r.certificates} />,
                        },
                      ]}
                    />
                    <Button
                      type="link"
                      onClick={() => navigate(drillUrl('/search/staffSearch', { enterpriseId: d.id }))}
                      data-testid="enterprise-drawer-all-people"
                    >
                      {t('enterprise.allPeople')}
                    </Button>
                  </>
                ),
              },
              {
                key: 'certificates',
                label: t('enterprise.certificates', { count: d.certificateTotal }),
                children: (
                  <>
                    <Table
                      size="small"
                      rowKey="id"
                      dataSource={d.certificates}
                      pagination={{ pageSize: 10, hideOnSinglePage: true }}
                      data-testid="enterprise-drawer-certificates"
                      columns={[
                        { title: t('field.certNo'), dataIndex: 'certNo', width: 210 },
                        { title: t('field.name'), dataIndex: 'name', width: 90 },
                        { title: t('field.category'), dataIndex: 'category', width: 70 },
                        {
                          title: t('field.certStatus'),
                          dataIndex: 'status',
                          width: 90,
                          render: (_v, r) => <StatusTag code={r.status} label={r.statusLabel} />,
                        },
                        { title: t('field.expiryDate'), dataIndex: 'expiryDate', width: 110 },
                      ]}
                    />
                    <Button
                      type="link"
                      onClick={() => navigate(drillUrl('/search/certSearch', { enterpriseId: d.id }))}
                      data-testid="enterprise-drawer-all-certificates"
                    >
                      {t('enterprise.allCertificates')}
                    </Button>
                  </>
                ),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

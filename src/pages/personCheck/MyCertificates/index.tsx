/**
 * 我的证书 personCheck/MyCertificates (menu personCheck:myCert:list): an individual's own
 * certificates — status, 发证日期 and the validity period kept apart, the national electronic
 * identifier, the version — each with the QR code that the printed certificate carries, the public
 * verification page it opens, the PDF and the version history (the certificate drawer).
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Empty, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { FilePdfOutlined, ProfileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { errorMessage } from '@/services/request';
import { fetchPdf } from '@/services/download';
import { safetyCertificateInfoList, safetyCertificateInfoPdf } from '@/services/generated/api';
import type {
  SafetyCertificateInfoList200RowsItem,
  SafetyCertificateInfoListParams,
} from '@/services/generated/api.schemas';
import CertificateDrawer, { StatusTag, showPdf, useCertLabels } from '@/pages/search/CertSearch/CertificateDrawer';

type MyCertificate = SafetyCertificateInfoList200RowsItem;

/** The address the QR code of the printed certificate opens (SPEC /cert/:queryCode). */
const publicAddress = (queryCode: string) => `${window.location.origin}/cert/${encodeURIComponent(queryCode)}`;

function QrImage({ queryCode, alt }: { queryCode: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(publicAddress(queryCode), { margin: 1, width: 132 }).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [queryCode]);
  return src ? (
    <img src={src} width={132} height={132} alt={alt} data-testid="my-cert-qr" />
  ) : (
    <Skeleton.Image active style={{ width: 132, height: 132 }} />
  );
}

function CertificateCard({ cert, onDetail }: { cert: MyCertificate; onDetail: () => void }) {
  const { t } = useTranslation('personal');
  const { t: tc } = useTranslation('cert');
  const { message } = App.useApp();
  const labels = useCertLabels();
  const [opening, setOpening] = useState(false);

  const pdf = async () => {
    setOpening(true);
    try {
      await showPdf(
        () => fetchPdf((o) => safetyCertificateInfoPdf(cert.id, o)),
        () => void message.info(tc('print.popupBlocked')),
      );
    } catch (err) {
      void message.error(errorMessage(err, tc('detail.loadFailed')));
    } finally {
      setOpening(false);
    }
  };

  return (
    <Card
      data-testid="my-cert-card"
      title={
        <Space>
          <SafetyCertificateOutlined />
          <span>{labels.category(cert.category, cert.categoryLabel)}</span>
        </Space>
      }
      extra={<StatusTag code={cert.status} label={cert.statusLabel} />}
      actions={[
        <Button type="link" key="detail" icon={<ProfileOutlined />} onClick={onDetail} data-testid="my-cert-detail">
          {t('myCert.detail')}
        </Button>,
        <Button
          type="link"
          key="pdf"
          icon={<FilePdfOutlined />}
          loading={opening}
          onClick={() => void pdf()}
          data-testid="my-cert-pdf"
        >
          {t('myCert.pdf')}
        </Button>,
      ]}
    >
      <Row gutter={16} wrap={false}>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'certNo',
                label: tc('field.certNo'),
                children: (
                  <Typography.Text strong copyable data-testid="my-cert-no">
                    {cert.certNo}
                  </Typography.Text>
                ),
              },
              { key: 'enterprise', label: tc('field.enterpriseName'), children: cert.enterpriseName },
              { key: 'position', label: tc('field.position'), children: cert.positionLabel },
              { key: 'issueDate', label: tc('field.issueDate'), children: cert.issueDate },
              {
                key: 'validity',
                label: tc('field.validity'),
                children: <span data-testid="my-cert-validity">{`${cert.validFrom} ~ ${cert.expiryDate}`}</span>,
              },
              { key: 'version', label: tc('field.version'), children: cert.versionLabel },
              {
                key: 'eCertId',
                label: t('myCert.eCertId'),
                children: (
                  <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                    {cert.eCertId}
                  </Typography.Text>
                ),
              },
            ]}
          />
        </Col>
        <Col flex="148px" style={{ textAlign: 'center' }}>
          <QrImage queryCode={cert.queryCode} alt={t('myCert.qrAlt', { certNo: cert.certNo })} />
          <div>
            <a
              href={`/cert/${encodeURIComponent(cert.queryCode)}`}
              target="_blank"
              rel="noreferrer"
              data-testid="my-cert-public"
            >
              {t('myCert.publicPage')}
            </a>
          </div>
        </Col>
      </Row>
    </Card>
  );
}

/** The filters a workbench count opens the page with (status 01, expiring within a range). */
const FILTERS = ['status', 'expiryFrom', 'expiryTo'] as const;

export default function MyCertificates() {
  const { t } = useTranslation('personal');
  const [rows, setRows] = useState<MyCertificate[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(FILTERS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : []))) as Partial<
    Record<(typeof FILTERS)[number], string>
  >;
  const filtered = Object.keys(filter).length > 0;
  const filterKey = JSON.stringify(filter);

  useEffect(() => {
    let live = true;
    setRows(null);
    // The server scopes an individual's list to their own certificates; a person holds a handful at most.
    // An unknown status is the server's to refuse (the page shows its words).
    safetyCertificateInfoList({
      pageNum: 1,
      pageSize: 100,
      ...(JSON.parse(filterKey) as Omit<SafetyCertificateInfoListParams, 'pageNum' | 'pageSize'>),
    })
      .then((res) => live && setRows(res.rows))
      .catch((err: unknown) => live && setError(errorMessage(err, t('myCert.loadFailed'))));
    return () => {
      live = false;
    };
  }, [t, filterKey]);

  return (
    <PageHeaderWrapper title={t('myCert.title')} description={t('myCert.description')}>
      {filtered && (
        <Tag closable onClose={() => setParams({})} style={{ marginBottom: 12 }} data-testid="my-cert-filter">
          {filter.expiryTo
            ? t('myCert.filterExpiring', { from: filter.expiryFrom ?? '', to: filter.expiryTo })
            : t('myCert.filterValid')}
        </Tag>
      )}
      {error && <Alert type="error" showIcon message={error} />}
      {!rows && !error && <Skeleton active paragraph={{ rows: 6 }} />}
      {rows?.length === 0 && (
        <Card>
          <Empty description={t('myCert.empty')} />
        </Card>
      )}
      {rows && rows.length > 0 && (
        <Row gutter={[16, 16]} data-testid="my-cert-list">
          {rows.map((cert) => (
            <Col key={cert.id} xs={24} xl={12}>
              <CertificateCard cert={cert} onDetail={() => setViewing(cert.id)} />
            </Col>
          ))}
        </Row>
      )}
      <CertificateDrawer id={viewing} onClose={() => setViewing(null)} />
    </PageHeaderWrapper>
  );
}

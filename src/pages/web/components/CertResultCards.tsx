/**
 * Results of the public certificate search as cards: every field stays readable at any width
 * (a wide table cut off 有效期 and 状态), and each card opens the certificate's page /cert/:queryCode.
 */
import { Button, Card, Col, Descriptions, Row, Tag } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { certCategoryKey, certStatus, displayValue } from './format';

/** A result row: the answer's fields by name. */
type SearchRow = Record<string, unknown>;

const text = (v: unknown) => displayValue(v);

export default function CertResultCards({ rows }: { rows: SearchRow[] }) {
  const { t } = useTranslation('web');
  return (
    <Row gutter={[16, 16]} data-testid="cert-result-cards">
      {rows.map((r) => {
        const status = certStatus(r.status);
        const category = certCategoryKey(r.category);
        const queryCode = typeof r.queryCode === 'string' ? r.queryCode : null;
        return (
          <Col key={String(r.certNo)} xs={24} lg={12}>
            <Card
              size="small"
              data-testid="cert-result-card"
              title={
                <span>
                  <SafetyCertificateOutlined /> {text(r.certNo)}
                </span>
              }
              extra={
                <Tag color={status.tone}>{status.key ? t(`cert.${status.key}`) : text(r.statusLabel ?? r.status)}</Tag>
              }
              actions={
                queryCode
                  ? [
                      <Link key="open" to={`/cert/${encodeURIComponent(queryCode)}`} data-testid="cert-result-open">
                        <Button type="link">{t('viewCert')}</Button>
                      </Link>,
                    ]
                  : undefined
              }
            >
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'name', label: t('col.name'), children: text(r.name) },
                  { key: 'idNoMasked', label: t('col.idNoMasked'), children: text(r.idNoMasked) },
                  {
                    key: 'category',
                    label: t('col.category'),
                    children: category ? t(category) : text(r.categoryLabel ?? r.category),
                    span: 2,
                  },
                  { key: 'enterpriseName', label: t('col.enterpriseName'), children: text(r.enterpriseName), span: 2 },
                  { key: 'position', label: t('col.position'), children: text(r.position) },
                  { key: 'issueDate', label: t('col.issueDate'), children: text(r.issueDate) },
                  {
                    key: 'validity',
                    label: t('col.validity'),
                    children: `${text(r.validFrom)} ~ ${text(r.expiryDate)}`,
                    span: 2,
                  },
                ]}
              />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

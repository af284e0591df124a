import { ArrowLeftOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Breadcrumb, Button, Card, Col, Form, Input, Result, Row, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toApiError } from '@/services/auth';
import { isNotFound } from '@/services/request';
import { publicOutSearch, publicValidCard } from '@/services/generated/api';
import { certCategoryKey, certStatus, displayValue } from './format';
import styles from './SearchPage.module.css';
import CertResultCards from './CertResultCards';
import { idNumberRule } from '@/utils/identityRules';

/** The four public searches of SPEC 1. */
export type SearchKind = 'signSearch' | 'gradeSearch' | 'certSearch' | 'outSearch';
/** A result row as the table shows it: the answer's fields by name. */
type SearchRow = Record<string, unknown>;

/** Keys never shown as columns. */
const HIDDEN_KEYS = new Set(['id', 'uuid', 'version', 'password', 'queryCode', 'tenantId', 'delFlag']);

/** Columns of a certificate search, in this order (the server's certificate view). */
const CERT_COLUMNS = [
  'certNo',
  'name',
  'idNoMasked',
  'category',
  'enterpriseName',
  'position',
  'issueDate',
  'expiryDate',
  'status',
];
/** Columns of the transferred-out search (GET /public/outSearch). */
const OUT_COLUMNS = [
  'certNo',
  'name',
  'idNoMasked',
  'category',
  'enterpriseName',
  'targetProvince',
  'transferDate',
  'expiryDate',
  'status',
];

interface SearchValues {
  name?: string;
  idNo?: string;
  /** certificate number (query parameter orgCode of /public/validCard) */
  certNo?: string;
}

type State =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'done'; rows: SearchRow[] }
  | { phase: 'error'; msg: string };

/**
 * One public search (SPEC 1: signing, grade, certificate and outside-province searches).
 * certSearch calls GET /public/validCard?agentIdentityNo&name&orgCode, outSearch GET
 * /public/outSearch?certNo or ?name&idNo (transferred out of the province). Shows the results or
 * 未查询到相关信息.
 */
export default function SearchPage({ kind }: { kind: SearchKind }) {
  const { t } = useTranslation('web');
  const [form] = Form.useForm<SearchValues>();
  const [state, setState] = useState<State>({ phase: 'idle' });
  // The certificate searches take a certificate number, or the name and ID number together.
  const byNumber = kind === 'certSearch' || kind === 'outSearch';

  const onFinish = async (values: SearchValues) => {
    setState({ phase: 'loading' });
    const name = values.name?.trim() || undefined;
    const idNo = values.idNo?.trim().toUpperCase() || undefined;
    const certNo = values.certNo?.trim() || undefined;
    try {
      if (kind === 'certSearch') {
        const body = await publicValidCard(certNo ? { orgCode: certNo } : { agentIdentityNo: idNo, name }, {
          isLogin: true,
        });
        if (body.code !== 0) throw body;
        setState({ phase: 'done', rows: body.data });
      } else if (kind === 'outSearch') {
        const body = await publicOutSearch(certNo ? { certNo } : { name, idNo }, { isLogin: true });
        if (body.code !== 0) throw body;
        setState({ phase: 'done', rows: body.data });
      } else {
        setState({ phase: 'done', rows: [] });
      }
    } catch (err) {
      const e = toApiError(err);
      // "nothing found" answered as 404 is an empty result, not a failure
      if (isNotFound(e)) setState({ phase: 'done', rows: [] });
      else setState({ phase: 'error', msg: e.msg || t('queryFailed') });
    }
  };

  const rows = state.phase === 'done' ? state.rows : [];
  let keys: string[] = [];
  if (kind === 'certSearch') keys = CERT_COLUMNS;
  else if (kind === 'outSearch') keys = OUT_COLUMNS;
  else
    for (const row of rows)
      for (const [k, v] of Object.entries(row))
        if (
          !HIDDEN_KEYS.has(k) &&
          !keys.includes(k) &&
          !(k.endsWith('Label') && k.slice(0, -5) in row) &&
          (v === null || typeof v !== 'object')
        )
          keys.push(k);

  const columns: TableColumnsType<SearchRow> = keys.map((k) => ({
    key: k,
    dataIndex: k,
    title: t(`col.${k}`, { defaultValue: k }),
    render: (v: unknown, r: SearchRow) => {
      // a code with a label from the server (statusLabel, categoryLabel ...) shows the label
      const serverLabel = r[`${k}Label`];
      if (k === 'status' && kind !== 'signSearch' && kind !== 'gradeSearch') {
        const s = certStatus(v);
        return <Tag color={s.tone}>{s.key ? t(`cert.${s.key}`) : displayValue(serverLabel ?? v)}</Tag>;
      }
      if (k === 'category') {
        const key = certCategoryKey(v);
        if (key) return t(key);
      }
      return displayValue(serverLabel ?? v);
    },
  }));
  if (rows.some((r) => typeof r.queryCode === 'string' && r.queryCode)) {
    columns.push({
      key: 'action',
      title: t('col.action'),
      fixed: 'right',
      render: (_: unknown, r: SearchRow) =>
        r.queryCode ? <Link to={`/cert/${encodeURIComponent(String(r.queryCode))}`}>{t('viewCert')}</Link> : null,
    });
  }

  return (
    <div className={styles.page} data-testid={`web-search-${kind}`}>
      <Breadcrumb
        className={styles.crumb}
        items={[{ title: <Link to="/web">{t('menu.web')}</Link> }, { title: t(`search.${kind}`) }]}
      />
      <Card
        title={
          <Space>
            <SearchOutlined />
            {t(`search.${kind}`)}
          </Space>
        }
        extra={
          <Link to="/web">
            <ArrowLeftOutlined /> {t('search.back')}
          </Link>
        }
      >
        <p className={styles.desc}>{t(`search.${kind}Desc`)}</p>
        <Form<SearchValues> form={form} layout="vertical" onFinish={(v) => void onFinish(v)}>
          {byNumber ? <p className={styles.hint}>{t('form.certSearchHint')}</p> : null}
          <Row gutter={16}>
            <Col xs={24} md={byNumber ? 8 : 12}>
              <Form.Item
                name="name"
                label={t('form.name')}
                dependencies={['certNo']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, v?: string) =>
                      v?.trim() || (byNumber && getFieldValue('certNo')?.trim())
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('form.nameRequired'))),
                  }),
                ]}
              >
                <Input placeholder={t('form.namePlaceholder')} maxLength={30} allowClear data-testid="search-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={byNumber ? 8 : 12}>
              <Form.Item
                name="idNo"
                label={t('form.idNo')}
                dependencies={['certNo']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, v?: string) =>
                      v?.trim() || (byNumber && getFieldValue('certNo')?.trim())
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('form.idNoRequired'))),
                  }),
                  idNumberRule(t, t('form.idNo')),
                ]}
              >
                <Input placeholder={t('form.idNoPlaceholder')} maxLength={18} allowClear data-testid="search-idno" />
              </Form.Item>
            </Col>
            {byNumber ? (
              <Col xs={24} md={8}>
                <Form.Item name="certNo" label={t('form.certNo')}>
                  <Input
                    placeholder={t('form.certNoPlaceholder')}
                    maxLength={40}
                    allowClear
                    data-testid="search-certno"
                  />
                </Form.Item>
              </Col>
            ) : null}
          </Row>
          <Space>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SearchOutlined />}
              loading={state.phase === 'loading'}
              data-testid="search-submit"
            >
              {t('form.query')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setState({ phase: 'idle' });
              }}
            >
              {t('form.reset')}
            </Button>
          </Space>
        </Form>
      </Card>
      {state.phase === 'error' ? (
        <Alert className={styles.result} type="error" showIcon message={state.msg} data-testid="search-error" />
      ) : null}
      {state.phase === 'loading' || (state.phase === 'done' && rows.length > 0) ? (
        <Card className={styles.result} title={t('resultTitle')} data-testid="search-result">
          {kind === 'certSearch' && state.phase === 'done' ? (
            <CertResultCards rows={rows} />
          ) : (
            <Table<SearchRow>
              rowKey={(r) => String(r.id ?? r.certNo ?? r.queryCode ?? JSON.stringify(r))}
              loading={state.phase === 'loading'}
              columns={columns}
              dataSource={rows}
              pagination={false}
              scroll={{ x: 'max-content' }}
              size="middle"
            />
          )}
        </Card>
      ) : null}
      {state.phase === 'done' && rows.length === 0 ? (
        <Card className={styles.result}>
          <Result status="info" title={t('noResult')} data-testid="search-empty" />
        </Card>
      ) : null}
    </div>
  );
}

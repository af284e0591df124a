/**
 * The two public exam searches (SPEC 1), each needing both keys and answering one masked record:
 * 成绩查询 by 证件号码 + 准考证号 (GET /public/gradeSearch), 报名查询 by 证件号码 + 考试批次编号
 * (GET /public/signSearch). Words in the exam namespace.
 */
import { ArrowLeftOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Breadcrumb, Button, Card, Col, Descriptions, Form, Input, Result, Row, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/services/request';
import { publicGradeSearch, publicSignSearch } from '@/services/generated/api';
import type { PublicGradeSearch200DataItem, PublicSignSearch200DataItem } from '@/services/generated/api.schemas';
import styles from './SearchPage.module.css';
import { documentNumberRule } from '@/utils/identityRules';

export type ExamSearchKind = 'grade' | 'sign';

interface Values {
  idNo?: string;
  key?: string;
}

type State =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'grade'; rows: PublicGradeSearch200DataItem[] }
  | { phase: 'sign'; rows: PublicSignSearch200DataItem[] }
  | { phase: 'error'; msg: string };

const ID_NO = /^[0-9A-Za-z]{6,32}$/;
const RESULT_COLORS: Record<string, string> = { passed: 'success', failed: 'error', absent: 'warning' };

export default function ExamSearch({ kind }: { kind: ExamSearchKind }) {
  const { t } = useTranslation('exam');
  const [form] = Form.useForm<Values>();
  const [state, setState] = useState<State>({ phase: 'idle' });

  const onFinish = async (v: Values) => {
    const idNo = (v.idNo ?? '').trim().toUpperCase();
    const key = (v.key ?? '').trim();
    setState({ phase: 'loading' });
    try {
      if (kind === 'grade') setState({ phase: 'grade', rows: (await publicGradeSearch({ idNo, ticketNo: key })).data });
      else setState({ phase: 'sign', rows: (await publicSignSearch({ idNo, batchNo: key })).data });
    } catch (err) {
      setState({ phase: 'error', msg: errorMessage(err, t('public.failed')) });
    }
  };

  const empty = (state.phase === 'grade' || state.phase === 'sign') && state.rows.length === 0;
  return (
    <div className={styles.page} data-testid={`web-search-${kind}Search`}>
      <Breadcrumb
        className={styles.crumb}
        items={[{ title: <Link to="/web">{t('public.home')}</Link> }, { title: t(`public.${kind}.title`) }]}
      />
      <Card
        title={
          <Space>
            <SearchOutlined />
            {t(`public.${kind}.title`)}
          </Space>
        }
        extra={
          <Link to="/web">
            <ArrowLeftOutlined /> {t('public.back')}
          </Link>
        }
      >
        <p className={styles.desc}>{t(`public.${kind}.desc`)}</p>
        <Form<Values> form={form} layout="vertical" onFinish={(v) => void onFinish(v)}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="idNo"
                label={t('public.idNo')}
                rules={[
                  { required: true, whitespace: true, message: t('public.idNoRequired') },
                  { pattern: ID_NO, message: t('public.idNoInvalid') },
                  documentNumberRule(t, t('public.idNo')),
                ]}
              >
                <Input maxLength={32} allowClear placeholder={t('public.idNoPlaceholder')} data-testid="search-idno" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="key"
                label={t(`public.${kind}.key`)}
                rules={[{ required: true, whitespace: true, message: t(`public.${kind}.keyRequired`) }]}
              >
                <Input
                  maxLength={32}
                  allowClear
                  placeholder={t(`public.${kind}.keyPlaceholder`)}
                  data-testid="search-key"
                />
              </Form.Item>
            </Col>
          </Row>
          <Space>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SearchOutlined />}
              loading={state.phase === 'loading'}
              data-testid="search-submit"
            >
              {t('public.query')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setState({ phase: 'idle' });
              }}
            >
              {t('public.reset')}
            </Button>
          </Space>
        </Form>
      </Card>
      {state.phase === 'error' ? (
        <Alert className={styles.result} type="error" showIcon message={state.msg} data-testid="search-error" />
      ) : null}
      {empty ? (
        <Card className={styles.result}>
          <Result status="info" title={t('public.noResult')} data-testid="search-empty" />
        </Card>
      ) : null}
      {state.phase === 'grade' && state.rows[0] ? (
        <Card className={styles.result} title={t('public.resultTitle')} data-testid="search-result">
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            <Descriptions.Item label={t('public.name')}>{state.rows[0].name}</Descriptions.Item>
            <Descriptions.Item label={t('public.idNo')}>{state.rows[0].idNoMasked}</Descriptions.Item>
            <Descriptions.Item label={t('public.grade.key')}>{state.rows[0].ticketNo}</Descriptions.Item>
            <Descriptions.Item label={t('public.batch')}>
              {state.rows[0].batchNo} {state.rows[0].batchName}
            </Descriptions.Item>
            <Descriptions.Item label={t('public.category')}>
              {state.rows[0].category} {state.rows[0].categoryLabel}
            </Descriptions.Item>
            <Descriptions.Item label={t('public.examDate')}>{state.rows[0].examDate ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('score.knowledge')}>
              {state.rows[0].knowledgeResult === null ? '-' : t(`result.part${state.rows[0].knowledgeResult}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('score.ability')}>
              {state.rows[0].abilityResult === null ? '-' : t(`result.part${state.rows[0].abilityResult}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('score.conclusion')}>
              <Tag color={RESULT_COLORS[state.rows[0].result] ?? 'default'} data-testid="grade-result">
                {t(`public.outcome.${state.rows[0].result}`, { defaultValue: state.rows[0].resultLabel })}
              </Tag>
            </Descriptions.Item>
          </Descriptions>
        </Card>
      ) : null}
      {state.phase === 'sign' && state.rows.length > 0 ? (
        <Card className={styles.result} title={t('public.resultTitle')} data-testid="search-result">
          {state.rows.map((r) => (
            <Descriptions key={`${r.batchNo}${r.category}`} column={{ xs: 1, md: 2 }} size="small">
              <Descriptions.Item label={t('public.name')}>{r.name}</Descriptions.Item>
              <Descriptions.Item label={t('public.idNo')}>{r.idNoMasked}</Descriptions.Item>
              <Descriptions.Item label={t('public.batch')}>
                {r.batchNo} {r.batchName}
              </Descriptions.Item>
              <Descriptions.Item label={t('public.category')}>
                {r.category} {r.categoryLabel}
              </Descriptions.Item>
              <Descriptions.Item label={t('public.examDate')}>{r.examDay}</Descriptions.Item>
              <Descriptions.Item label={t('public.place')}>{r.place}</Descriptions.Item>
              <Descriptions.Item label={t('public.status')}>
                <Tag data-testid="sign-status">{t(`status.${r.status}`, { defaultValue: r.statusLabel })}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('public.ticketLabel')}>
                {r.ticketIssued ? t('public.ticketIssued') : t('public.ticketNotIssued')}
              </Descriptions.Item>
              {r.refuseReason ? (
                <Descriptions.Item label={t('sign.refuseReason')}>{r.refuseReason}</Descriptions.Item>
              ) : null}
            </Descriptions>
          ))}
        </Card>
      ) : null}
    </div>
  );
}

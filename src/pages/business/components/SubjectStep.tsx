/**
 * Step 0: choose the person or certificate (a table over {base}/candidates with a search), or see
 * the enterprise (rename), plus the type's own step-0 fields (newCert: category and position); the
 * pre-check answer shows below — the facts when it passes, the message exactly when it fails.
 */
import { useCallback, useEffect, useState, type HTMLAttributes } from 'react';
import { Alert, Button, Descriptions, Input, Space, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { selectionLabel } from '@/components/ProTableKit/selectionLabel';
import { errorMessage, isUnauthorized } from '@/services/request';
import { listCandidates, type CandidateRow } from '@/services/business';
import FactsView from './FactsView';
import type { PrecheckStatus, Target } from './logic';
import { NS, type BusinessFormComponent, type BusinessFormProps } from './types';
import { useDict } from '@/components/dict';

export interface PrecheckState {
  status: PrecheckStatus;
  message?: string;
  warn?: string | null;
  facts?: Record<string, unknown> | null;
}

interface Props extends BusinessFormProps {
  target: Target;
  /** the subject is fixed (a saved draft): no table */
  locked: boolean;
  enterpriseName: string | null;
  onChoose: (row: CandidateRow) => void;
  check: PrecheckState;
  onRecheck: () => void;
  Extra?: BusinessFormComponent;
}

const rowKeyOf = (target: Target) => (r: CandidateRow) => String(target === 'person' ? r.personId : r.certificateId);

export default function SubjectStep(props: Props) {
  const { type, target, locked, subject, enterpriseName, onChoose, check, onRecheck, Extra } = props;
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation('common');
  const sex = useDict('sys_user_sex');
  const certStatus = useDict('cert_status');
  const [rows, setRows] = useState<CandidateRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');

  const load = useCallback(
    async (kw: string) => {
      setLoading(true);
      setLoadError(null);
      try {
        const res = await listCandidates(type, kw.trim() || undefined);
        setRows(res.data ?? []);
      } catch (err) {
        if (!isUnauthorized(err)) setLoadError(errorMessage(err, t('candidate.loadFailed')));
      } finally {
        setLoading(false);
      }
    },
    [type, t],
  );

  useEffect(() => {
    if (!locked && target !== 'enterprise') void load('');
  }, [locked, target, load]);

  const columns: TableColumnsType<CandidateRow> = [
    { title: t('subject.name'), dataIndex: 'name', width: 90 },
    { title: t('subject.idNo'), dataIndex: 'idNo', width: 180 },
    ...(target === 'person'
      ? [
          { title: t('subject.sex'), dataIndex: 'sex', width: 60, render: (v: string) => sex.label(v) },
          { title: t('subject.age'), dataIndex: 'age', width: 60 },
        ]
      : [
          { title: t('subject.certNo'), dataIndex: 'certNo', width: 200 },
          { title: t('subject.category'), dataIndex: 'category', width: 60 },
          { title: t('subject.expiryDate'), dataIndex: 'expiryDate', width: 110 },
          {
            title: t('subject.status'),
            dataIndex: 'status',
            width: 80,
            render: (v: string | null) => (v ? <Tag>{certStatus.label(v)}</Tag> : '-'),
          },
          ...(type === 'inner'
            ? [{ title: t('subject.enterpriseName'), dataIndex: 'enterpriseName', ellipsis: true }]
            : []),
        ]),
  ];

  const chosenKey = subject ? String(target === 'person' ? subject.personId : subject.certificateId) : null;

  return (
    <div data-testid="wizard-subject">
      {target === 'enterprise' ? (
        <Descriptions
          size="small"
          bordered
          column={1}
          items={[{ key: 'ent', label: t('subject.enterprise'), children: enterpriseName ?? '-' }]}
        />
      ) : locked && subject ? (
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2 }}
          data-testid="wizard-subject-fixed"
          items={[
            { key: 'name', label: t('subject.name'), children: subject.name ?? '-' },
            { key: 'idNo', label: t('subject.idNo'), children: subject.idNo ?? '-' },
            ...(target === 'certificate'
              ? [
                  { key: 'certNo', label: t('subject.certNo'), children: subject.certNo ?? '-' },
                  { key: 'expiryDate', label: t('subject.expiryDate'), children: subject.expiryDate ?? '-' },
                ]
              : []),
          ]}
        />
      ) : (
        <>
          <Space style={{ marginBottom: 8 }} wrap>
            <Input.Search
              allowClear
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(v) => void load(v)}
              placeholder={t(
                target === 'person'
                  ? 'candidate.searchPerson'
                  : type === 'inner'
                    ? 'candidate.searchInner'
                    : 'candidate.searchCert',
              )}
              style={{ width: 360 }}
              enterButton={t('candidate.search')}
              data-testid="wizard-candidate-search"
            />
            {subject ? (
              <Tag color="blue" data-testid="wizard-chosen">
                {t('candidate.chosen', { name: subject.name, certNo: subject.certNo ?? '' })}
              </Tag>
            ) : null}
          </Space>
          {loadError ? <Alert type="error" showIcon message={loadError} style={{ marginBottom: 8 }} /> : null}
          <Table<CandidateRow>
            size="small"
            rowKey={rowKeyOf(target)}
            columns={columns}
            dataSource={rows}
            loading={loading}
            pagination={{ pageSize: 5, showSizeChanger: false, hideOnSinglePage: true }}
            scroll={{ x: 700 }}
            locale={{ emptyText: t(type === 'inner' ? 'candidate.emptyInner' : 'candidate.empty') }}
            rowSelection={{
              type: 'radio',
              selectedRowKeys: chosenKey ? [chosenKey] : [],
              onChange: (_keys, selected) => selected[0] && onChoose(selected[0]),
              getCheckboxProps: (r) =>
                selectionLabel(tc('a11y.selectRow', { name: r.certNo ? `${r.name} ${r.certNo}` : r.name })),
            }}
            onRow={(r) =>
              ({
                onClick: () => onChoose(r),
                style: { cursor: 'pointer' },
                'data-testid': 'wizard-candidate-row',
              }) as HTMLAttributes<HTMLElement>
            }
            data-testid="wizard-candidates"
          />
        </>
      )}
      {Extra ? (
        <div style={{ marginTop: 16 }}>
          <Extra {...props} />
        </div>
      ) : null}
      <div style={{ marginTop: 16 }} data-testid="wizard-precheck">
        {check.status === 'checking' ? (
          <Spin size="small">
            <Alert type="info" message={t('precheck.checking')} />
          </Spin>
        ) : check.status === 'ok' ? (
          <Alert
            type="success"
            showIcon
            data-testid="wizard-precheck-ok"
            message={t('precheck.ok')}
            description={
              <>
                {check.warn ? <div data-testid="wizard-precheck-warn">{check.warn}</div> : null}
                <FactsView facts={check.facts ?? null} />
              </>
            }
          />
        ) : check.status === 'error' ? (
          <Alert
            type="error"
            showIcon
            data-testid="wizard-precheck-error"
            message={check.message}
            action={
              <Button size="small" onClick={onRecheck}>
                {t('precheck.retry')}
              </Button>
            }
          />
        ) : (
          <Alert
            type="info"
            showIcon
            message={t(target === 'enterprise' ? 'precheck.idleEnterprise' : 'precheck.idle')}
          />
        )}
      </div>
    </div>
  );
}

/**
 * 工作日历 (系统管理): the working-day calendar the statutory deadlines count on. A year shows where
 * its arrangement comes from (the package, an administrator's confirmed entry, or not known yet)
 * with what the administrator may do with it now (the server's canConfirm / canRevoke / canImport);
 * its special days are listed, entered, corrected and restored; a year the package does not ship is
 * imported from Excel (template) or entered day by day and confirmed; a year is exported.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, DatePicker, Descriptions, Input, Popconfirm, Select, Space, Tag } from 'antd';
import { ProFormDatePicker, ProFormRadio, ProFormText, type ProColumns } from '@ant-design/pro-components';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import AuthButton from '@/components/AuthButton';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import {
  AddButton,
  AdminTable,
  ConfirmLink,
  EditLink,
  EditorModal,
  useAction,
  useEditor,
  useListPage,
} from '@/components/AdminKit';
import { ExportButton, ImportButton } from '@/components/ExcelButtons';
import { DATE_FORMAT, formatDateTime } from '@/components/ProTableKit/format';
import {
  systemCalendarConfirm,
  systemCalendarExport,
  systemCalendarImportData,
  systemCalendarImportTemplate,
  systemCalendarList,
  systemCalendarRemove,
  systemCalendarRevoke,
  systemCalendarSave,
  systemCalendarYears,
} from '@/services/generated/api';
import type {
  SystemCalendarList200,
  SystemCalendarListParams,
  SystemCalendarSaveBody,
  SystemCalendarYears200Data,
} from '@/services/generated/api.schemas';

type Day = SystemCalendarList200['rows'][number];
type Years = SystemCalendarYears200Data;
type Year = Years['years'][number];
type Query = Pick<SystemCalendarListParams, 'kind'>;

const KINDS = ['off', 'worked', 'entered'] as const;
const STATE_COLOR: Record<Year['state'], string> = { published: 'green', confirmed: 'blue', unknown: 'orange' };

export default function WorkCalendarList() {
  const { t } = useTranslation('calendar');
  const [data, setData] = useState<Years | null>(null);
  const [year, setYear] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const editor = useEditor<Day>();

  const loadYears = useCallback((wanted?: number) => {
    systemCalendarYears(wanted ? { year: wanted } : {}).then(
      (res) => {
        setData(res.data);
        setYear((y) => wanted ?? y ?? res.data.missingYear ?? Number(res.data.today.slice(0, 4)));
      },
      () => setData(null),
    );
  }, []);
  useEffect(() => loadYears(), [loadYears]);

  const shown = data?.years.find((y) => y.year === year) ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the notice is reset when another year is shown, not on every read of it
  useEffect(() => setNotice(shown?.notice ?? ''), [shown?.year, shown?.notice]);

  const list = useListPage<Day, Query>((q) => systemCalendarList({ ...q, year: year ?? 0 }));
  const reloadList = list.reload;
  useEffect(() => {
    if (year) reloadList();
  }, [year, reloadList]);
  const afterChange = useCallback(() => {
    reloadList();
    loadYears(year ?? undefined);
  }, [reloadList, loadYears, year]);
  const act = useAction(afterChange);

  const columns: ProColumns<Day>[] = [
    {
      title: t('col.day'),
      dataIndex: 'day',
      width: 120,
      search: false,
      render: (_d, r) => <span data-testid="calendar-day">{r.day}</span>,
    },
    {
      title: t('col.weekday'),
      dataIndex: 'weekday',
      width: 80,
      search: false,
      render: (_d, r) => t(`weekday.${r.weekday}`),
    },
    {
      title: t('col.arrangement'),
      dataIndex: 'working',
      width: 130,
      search: false,
      render: (_d, r) => <Tag color={r.working ? 'green' : 'red'}>{r.working ? t('working') : t('off')}</Tag>,
    },
    {
      title: t('col.kind'),
      dataIndex: 'kind',
      hideInTable: true,
      valueType: 'select',
      valueEnum: Object.fromEntries(KINDS.map((k) => [k, { text: t(`kind.${k}`) }])),
      fieldProps: { 'data-testid': 'search-kind' },
    },
    { title: t('col.name'), dataIndex: 'name', width: 110, search: false, render: (_d, r) => r.name ?? '-' },
    {
      title: t('col.source'),
      dataIndex: 'entered',
      width: 170,
      search: false,
      render: (_d, r) => (
        <Space size={4} wrap>
          <Tag color={r.entered ? 'blue' : 'default'}>{r.entered ? t('source.entered') : t('source.package')}</Tag>
          {r.differs ? <Tag color="orange">{t('differs')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('col.package'),
      dataIndex: 'packageWorking',
      width: 110,
      search: false,
      render: (_d, r) => (r.packageWorking === null ? '-' : r.packageWorking ? t('working') : t('off')),
    },
    { title: t('col.remark'), dataIndex: 'remark', ellipsis: true, search: false, render: (_d, r) => r.remark ?? '-' },
    {
      title: t('col.updatedBy'),
      dataIndex: 'updatedBy',
      width: 100,
      search: false,
      render: (_d, r) => r.updatedBy ?? '-',
    },
    {
      title: t('col.updatedAt'),
      dataIndex: 'updatedAt',
      width: 170,
      search: false,
      render: (_d, r) => (r.updatedAt ? formatDateTime(r.updatedAt) : '-'),
    },
    {
      title: t('col.actions'),
      valueType: 'option',
      width: 130,
      fixed: 'right',
      render: (_d, r) => [
        <EditLink key="edit" perm="system:calendar:edit" onClick={() => editor.edit(r)} testId="calendar-edit">
          {t('edit')}
        </EditLink>,
        r.entered ? (
          <ConfirmLink
            key="restore"
            perm="system:calendar:edit"
            danger={false}
            title={t('restoreConfirm', { day: r.day })}
            testId="calendar-restore"
            onConfirm={() => act(() => systemCalendarRemove({ day: r.day }))}
          >
            {t('restore')}
          </ConfirmLink>
        ) : null,
      ],
    },
  ];

  const stateText = (y: Year) =>
    y.state === 'published' ? t('state.published', { source: y.source }) : t(`state.${y.state}`);

  return (
    <PageHeaderWrapper title={t('title')} description={t('description', { source: data?.source ?? '' })}>
      <Space direction="vertical" style={{ width: '100%' }} size={16}>
        {data?.missingYear ? (
          <Alert
            type="warning"
            showIcon
            message={t('missing', { year: data.missingYear })}
            data-testid="calendar-missing"
          />
        ) : null}
        <Card
          data-testid="calendar-year"
          title={
            <Space wrap>
              <span>{t('year')}</span>
              <Select<number>
                value={year ?? undefined}
                style={{ width: 120 }}
                onChange={(y) => setYear(y)}
                options={(data?.years ?? []).map((y) => ({ value: y.year, label: String(y.year) }))}
                data-testid="calendar-year-select"
                aria-label={t('year')}
              />
              <DatePicker
                picker="year"
                placeholder={t('otherYear')}
                aria-label={t('otherYear')}
                onChange={(d: dayjs.Dayjs | null) => d && loadYears(d.year())}
                disabledDate={(d) => d.year() < 2000 || d.year() > 2099}
              />
            </Space>
          }
        >
          {shown ? (
            <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
              <Descriptions.Item label={t('stateLabel')}>
                <Tag color={STATE_COLOR[shown.state]} data-testid="calendar-state">
                  {stateText(shown)}
                </Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('counts')}>
                <Space size={[12, 0]} wrap>
                  <span>{t('daysOff', { count: shown.daysOff })}</span>
                  <span>{t('daysWorked', { count: shown.daysWorked })}</span>
                  <span>{t('entered', { count: shown.entered })}</span>
                </Space>
              </Descriptions.Item>
              {shown.confirmedBy ? (
                <Descriptions.Item label={t('confirmedLabel')}>
                  {t('confirmedBy', { name: shown.confirmedBy, time: formatDateTime(shown.confirmedAt) })}
                </Descriptions.Item>
              ) : null}
              {shown.state !== 'published' ? (
                <Descriptions.Item label={t('notice')} span={2}>
                  <Space wrap>
                    <Input
                      value={notice}
                      onChange={(e) => setNotice(e.target.value)}
                      maxLength={100}
                      placeholder={t('noticePlaceholder')}
                      style={{ width: 280 }}
                      aria-label={t('notice')}
                      data-testid="calendar-notice"
                    />
                    {shown.canConfirm ? (
                      <AuthButton perm="system:calendar:edit">
                        <Popconfirm
                          title={t('confirmTitle', { year: shown.year })}
                          onConfirm={() =>
                            act(() => systemCalendarConfirm({ year: shown.year, notice: notice || undefined }))
                          }
                        >
                          <Button type="primary" data-testid="calendar-confirm">
                            {t('confirm')}
                          </Button>
                        </Popconfirm>
                      </AuthButton>
                    ) : null}
                    {shown.canRevoke ? (
                      <AuthButton perm="system:calendar:edit">
                        <Popconfirm
                          title={t('revokeConfirm', { year: shown.year })}
                          onConfirm={() => act(() => systemCalendarRevoke({ year: shown.year }))}
                        >
                          <Button data-testid="calendar-revoke">{t('revoke')}</Button>
                        </Popconfirm>
                      </AuthButton>
                    ) : null}
                  </Space>
                </Descriptions.Item>
              ) : null}
            </Descriptions>
          ) : null}
          {shown ? (
            <Alert
              style={{ marginTop: 12 }}
              type="info"
              showIcon
              message={
                shown.canImport
                  ? t('importHint', { year: shown.year })
                  : t('packageYearHint', { year: shown.year, source: shown.source })
              }
            />
          ) : null}
        </Card>
        {year ? (
          <AdminTable<Day, Query>
            key={year}
            list={list}
            rowKey="day"
            columns={columns}
            testId="calendar-table"
            scroll={{ x: 1100 }}
            headerTitle={t('daysOf', { year })}
            toolBar={[
              <AddButton key="add" perm="system:calendar:edit" onClick={editor.create} testId="calendar-add">
                {t('addDay')}
              </AddButton>,
              ...(shown?.canImport
                ? [
                    <ImportButton
                      key="import"
                      perm="system:calendar:import"
                      template={systemCalendarImportTemplate}
                      onDone={afterChange}
                      importCall={(o) => systemCalendarImportData({ year, notice: notice || undefined }, o)}
                      templateName={`${t('templateName')}.xlsx`}
                    />,
                  ]
                : []),
              <ExportButton
                key="export"
                perm="system:calendar:export"
                exportCall={systemCalendarExport}
                params={{ ...list.lastQuery, year }}
                fileName={`${t('title')}_${year}`}
              />,
            ]}
          />
        ) : null}
      </Space>
      <EditorModal<SystemCalendarSaveBody>
        title={editor.editing ? t('editDay', { day: editor.editing.day }) : t('addDay')}
        editor={editor}
        onSaved={afterChange}
        initialValues={
          editor.editing
            ? {
                day: editor.editing.day,
                working: editor.editing.working,
                name: editor.editing.name ?? undefined,
                remark: editor.editing.remark ?? undefined,
              }
            : { working: false }
        }
        testId="calendar-modal"
        onSubmit={(v) => systemCalendarSave({ ...v, day: dayjs(v.day).format(DATE_FORMAT) })}
      >
        <ProFormDatePicker
          name="day"
          label={t('form.day')}
          disabled={!!editor.editing}
          rules={[{ required: true, message: t('form.dayRequired') }]}
          fieldProps={{ format: DATE_FORMAT, 'data-testid': 'calendar-form-day' } as Record<string, unknown>}
        />
        <ProFormRadio.Group
          name="working"
          label={t('form.working')}
          rules={[{ required: true }]}
          options={[
            { value: false, label: t('off') },
            { value: true, label: t('working') },
          ]}
        />
        <ProFormText
          name="name"
          label={t('form.name')}
          placeholder={t('form.namePlaceholder')}
          fieldProps={{ maxLength: 20 }}
        />
        <ProFormText
          name="remark"
          label={t('form.remark')}
          placeholder={t('form.remarkPlaceholder')}
          fieldProps={{ maxLength: 200 }}
        />
      </EditorModal>
    </PageHeaderWrapper>
  );
}

/**
 * 人员信息: list (search, paging, 总共 N 条记录; ID numbers masked as 440***********1234), export,
 * create/edit modal, delete with confirmation. The edit form shows the identity number, birth date
 * and phone masked too: left as shown they stay as they are (the server keeps them), 显示 reveals
 * one (a logged click), and a correction is typed in full.
 */
import { ProForm, ProFormDatePicker, ProFormSelect, ProFormText, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  EditLink,
  EditorModal,
  ListPage,
  RemoveLink,
  dateRangeColumn,
  enumOptions,
  useAdminList,
  useDictEnum,
  useRules,
  useServerError,
} from '@/components/AdminKit';
import {
  systemPersonExport,
  systemPersonGet,
  systemPersonList,
  systemPersonRemove,
  systemPersonSave,
  systemPersonUpdate,
} from '@/services/generated/api';
import type {
  SystemPersonGet200,
  SystemPersonList200,
  SystemPersonListParams,
  SystemPersonSaveBody,
} from '@/services/generated/api.schemas';
import { SYS_ADMIN } from '../namespaces';
import EmployerSelect from './EmployerSelect';
import PersonalDatum from '@/components/PersonalDatum';
import { idNumberRule } from '@/utils/identityRules';

type PersonRow = SystemPersonList200['rows'][number];
type PersonDetail = SystemPersonGet200['data'];
type Search = Omit<SystemPersonListParams, 'pageNum' | 'pageSize'>;
type FormValues = SystemPersonSaveBody & Record<string, unknown>;

/** The page's fixed wiring: row key, test id, 新增 and 导出. */
const PAGE = {
  rowKey: 'id',
  testId: 'person-table',
  add: { perm: 'system:person:add', testId: 'person-add' },
  exportTo: { call: systemPersonExport, perm: 'system:person:export' },
} as const;

export default function PersonList() {
  const { t } = useTranslation(SYS_ADMIN);
  const showError = useServerError();
  const rules = useRules();
  const { list, cols, editor, remove } = useAdminList<PersonRow, Search>(systemPersonList);
  const sexEnum = useDictEnum('sys_user_sex');
  const idTypeEnum = useDictEnum('ent_id_type');
  const eduEnum = useDictEnum('ministerial_diploma');
  const titleEnum = useDictEnum('ministerial_title_rank');
  const employEnum = useDictEnum('emp_employStatus');
  // The editor holds what GET /system/person/get answered: the row with the offer of what may be revealed.
  const editing = editor.editing as PersonDetail | null;

  // The form reads the record afresh, with what this administrator may reveal.
  const edit = async (row: PersonRow) => {
    try {
      editor.edit((await systemPersonGet(row.id)).data);
    } catch (err) {
      showError(err);
    }
  };

  const columns: ProColumns<PersonRow>[] = [
    { title: t('person.name'), dataIndex: 'name', width: 110, fieldProps: { 'data-testid': 'search-name' } },
    { title: t('person.sex'), dataIndex: 'sex', width: 80, valueType: 'select', valueEnum: sexEnum },
    {
      title: t('person.idNo'),
      dataIndex: 'idNo',
      width: 200,
      fieldProps: { placeholder: t('person.idNoSearch') },
      render: (_d, r) => <span data-testid="person-idNo">{r.idNo}</span>,
    },
    { title: t('person.birthDate'), dataIndex: 'birthDate', width: 110, search: false },
    { title: t('person.education'), dataIndex: 'education', width: 150, valueType: 'select', valueEnum: eduEnum },
    { title: t('person.phone'), dataIndex: 'phone', width: 130 },
    { title: t('person.employer'), dataIndex: 'employer', ellipsis: true },
    {
      title: t('person.employStatus'),
      dataIndex: 'employStatus',
      // "Employment" (en-US) is one word: at 100 px it broke mid-word.
      width: 130,
      valueType: 'select',
      valueEnum: employEnum,
    },
    cols.createdAt({ title: t('person.createdAt') }),
    dateRangeColumn<PersonRow>(t('person.createdAt')),
    cols.action(120, (r) => [
      <EditLink key="edit" perm="system:person:edit" onClick={() => void edit(r)} />,
      <RemoveLink
        key="remove"
        perm="system:person:remove"
        onConfirm={() => remove(() => systemPersonRemove({ ids: String(r.id) }))}
      />,
    ]),
  ];

  const initial: Partial<FormValues> = editing
    ? // A masked birth date is no date for the picker: left empty, it stays as it is.
      {
        ...editing,
        education: editing.education ?? undefined,
        title: editing.title ?? undefined,
        birthDate: editing.birthDate.includes('*') ? undefined : editing.birthDate,
      }
    : { idType: '111', sex: '0', employStatus: '1' };

  return (
    <ListPage<PersonRow, Search>
      {...PAGE}
      onAdd={editor.create}
      title={t('person.title')}
      list={list}
      columns={columns}
      scroll={{ x: 1300 }}
    >
      <EditorModal<FormValues>
        title={editing ? t('person.editTitle') : t('person.addTitle')}
        editor={editor}
        initialValues={initial}
        onSubmit={(v) => {
          const body = {
            name: v.name,
            sex: v.sex,
            idType: v.idType,
            idNo: v.idNo,
            birthDate: v.birthDate || undefined,
            education: v.education ?? null,
            title: v.title ?? null,
            phone: v.phone || null,
            enterpriseId: v.enterpriseId ?? null,
            employStatus: v.employStatus,
          };
          return editing ? systemPersonUpdate({ ...body, id: editing.id }) : systemPersonSave(body);
        }}
        onSaved={list.reload}
        width={680}
        testId="person-modal"
      >
        <ProFormText
          name="name"
          label={t('person.name')}
          rules={[...rules.required(t('person.name')), rules.max(t('person.name'), 64)]}
          fieldProps={{ 'data-testid': 'form-name' }}
        />
        <ProFormSelect
          name="idType"
          label={t('person.idType')}
          options={enumOptions(idTypeEnum)}
          rules={rules.required(t('person.idType'), true)}
        />
        <ProFormText
          name="idNo"
          label={t('person.idNo')}
          rules={[
            ...rules.required(t('person.idNo')),
            // A masked number shown for the record being edited is kept as it is (the server keeps the stored one).
            ({ getFieldValue }) =>
              getFieldValue('idType') === '111'
                ? {
                    validator: (rule, value: string | undefined) =>
                      value && value === editing?.idNo
                        ? Promise.resolve()
                        : idNumberRule(t, t('person.idNo')).validator?.(rule, value, () => undefined),
                  }
                : {},
          ]}
          fieldProps={{ 'data-testid': 'form-idNo' }}
          extra={
            editing ? (
              <>
                {t('person.idNoHint')}{' '}
                <PersonalDatum
                  datum="idNo"
                  value={editing.idNo}
                  offer={editing.personalData}
                  testId="person-form-idNo"
                />
              </>
            ) : (
              t('person.idNoHint')
            )
          }
        />
        <ProFormSelect
          name="sex"
          label={t('person.sex')}
          options={enumOptions(sexEnum)}
          rules={rules.required(t('person.sex'), true)}
        />
        <ProFormDatePicker
          name="birthDate"
          label={t('person.birthDate')}
          fieldProps={{ format: 'YYYY-MM-DD' }}
          transform={(v: unknown) => ({ birthDate: v ? String(v).slice(0, 10) : undefined })}
          extra={
            editing?.birthDate.includes('*') ? (
              <PersonalDatum
                datum="birthDate"
                value={editing.birthDate}
                offer={editing.personalData}
                testId="person-form-birthDate"
              />
            ) : undefined
          }
        />
        <ProFormSelect name="education" label={t('person.education')} options={enumOptions(eduEnum)} allowClear />
        <ProFormSelect name="title" label={t('person.titleRank')} options={enumOptions(titleEnum)} allowClear />
        <ProFormText
          name="phone"
          label={t('person.phone')}
          rules={[
            {
              validator: (_r, v: string | undefined) =>
                !v || v === editing?.phone || /^1[3-9]\d{9}$/.test(v)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('person.phoneFormat'))),
            },
          ]}
          fieldProps={{ 'data-testid': 'form-phone' }}
          extra={
            editing?.phone ? (
              <PersonalDatum
                datum="phone"
                value={editing.phone}
                offer={editing.personalData}
                testId="person-form-phone"
              />
            ) : undefined
          }
        />
        <ProForm.Item name="enterpriseId" label={t('person.employer')}>
          <EmployerSelect
            current={
              editing?.enterpriseId
                ? { id: editing.enterpriseId, name: editing.employer ?? String(editing.enterpriseId) }
                : null
            }
            placeholder={t('person.employerSearch')}
          />
        </ProForm.Item>
        <ProFormSelect
          name="employStatus"
          label={t('person.employStatus')}
          options={enumOptions(employEnum)}
          rules={rules.required(t('person.employStatus'), true)}
        />
      </EditorModal>
    </ListPage>
  );
}

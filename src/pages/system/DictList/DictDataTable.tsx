/** The data of one dictionary type: paged list, add/edit/delete, Excel export and import. */
import { Alert, Tag } from 'antd';
import {
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
  type ProColumns,
} from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  AdminTable,
  EditLink,
  EditorModal,
  RemoveLink,
  useAction,
  useAdminColumns,
  useEditor,
  useListPage,
  useRules,
  useStatusOptions,
} from '@/components/AdminKit';
import { ExportButton, ImportButton } from '@/components/ExcelButtons';
import {
  systemDictDataExport,
  systemDictDataImportData,
  systemDictDataImportTemplate,
  systemDictDataList,
  systemDictDataRemove,
  systemDictDataSave,
  systemDictDataUpdate,
} from '@/services/generated/api';
import type {
  SystemDictDataList200,
  SystemDictDataListParams,
  SystemDictDataSaveBody,
  SystemDictTypeList200,
} from '@/services/generated/api.schemas';
import { SYS_DATA } from '../namespaces';

export type DictType = SystemDictTypeList200['rows'][number];
type DictData = SystemDictDataList200['rows'][number];
const LIST_CLASSES = ['default', 'processing', 'success', 'warning', 'error'] as const;
type Query = Omit<SystemDictDataListParams, 'pageNum' | 'pageSize' | 'dictType'>;

const TAG_COLORS: Record<string, string> = { processing: 'blue', success: 'green', warning: 'orange', error: 'red' };

export default function DictDataTable({ type, onChanged }: { type: DictType; onChanged: () => void }) {
  const { t } = useTranslation(SYS_DATA);
  const cols = useAdminColumns<DictData>();
  const rules = useRules();
  const statusOptions = useStatusOptions();
  // The type's count on the list behind changes with its data.
  const list = useListPage<DictData, Query>((q) => systemDictDataList({ ...q, dictType: type.dictType }), onChanged);
  const act = useAction(list.reload);
  const editor = useEditor<DictData>();

  const columns: ProColumns<DictData>[] = [
    { title: t('dict.dictCode'), dataIndex: 'dictCode', width: 80, search: false },
    {
      title: t('dict.dictLabel'),
      dataIndex: 'dictLabel',
      width: 240,
      fieldProps: { 'data-testid': 'search-dictLabel' },
      render: (_d, r) =>
        r.listClass && r.listClass !== 'default' ? (
          <Tag color={TAG_COLORS[r.listClass] ?? r.listClass}>{r.dictLabel}</Tag>
        ) : (
          r.dictLabel
        ),
    },
    {
      title: t('dict.dictValue'),
      dataIndex: 'dictValue',
      width: 120,
      search: false,
      render: (_d, r) => <code>{r.dictValue}</code>,
    },
    { title: t('dict.dictSort'), dataIndex: 'dictSort', width: 80, search: false },
    {
      title: t('dict.isDefault'),
      dataIndex: 'isDefault',
      width: 80,
      search: false,
      render: (_d, r) => (r.isDefault === 'Y' ? <Tag color="cyan">{t('common.yes')}</Tag> : '-'),
    },
    cols.status({ title: t('dict.status'), width: 90 }),
    { title: t('common.remark'), dataIndex: 'remark', ellipsis: true, search: false },
    cols.createdAt({ hideInTable: true }),
    cols.action(110, (r) => [
      <EditLink key="edit" perm="system:dict:edit" onClick={() => editor.edit(r)} testId="data-edit" />,
      <RemoveLink
        key="remove"
        perm="system:dict:remove"
        title={t('dict.removeDataConfirm')}
        testId="data-remove"
        onConfirm={() => act(() => systemDictDataRemove({ ids: String(r.dictCode) }))}
      />,
    ]),
  ];

  const numericHint =
    type.numeric === null ? t('dict.valueFree') : type.numeric ? t('dict.valueNumeric') : t('dict.valueString');

  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={numericHint} />
      <AdminTable<DictData, Query>
        list={list}
        rowKey="dictCode"
        columns={columns}
        testId="dict-data-table"
        toolBar={[
          <AddButton key="add" perm="system:dict:add" onClick={editor.create} testId="data-add" />,
          <ImportButton
            key="import"
            template={systemDictDataImportTemplate}
            importCall={(o) => systemDictDataImportData(undefined, o)}
            perm="system:dict:import"
            onDone={list.reload}
            templateName={`${t('dict.templateName')}.xlsx`}
          />,
          <ExportButton
            key="export"
            exportCall={systemDictDataExport}
            params={{ ...list.lastQuery, dictType: type.dictType }}
            fileName={`${t('dict.dataTitle')}_${type.dictType}`}
            perm="system:dict:export"
          />,
        ]}
      />
      <EditorModal<SystemDictDataSaveBody>
        title={editor.editing ? t('dict.editDataTitle') : t('dict.addDataTitle')}
        editor={editor}
        onSaved={list.reload}
        initialValues={
          editor.editing ?? { dictType: type.dictType, dictSort: 0, isDefault: 'N', status: '1', listClass: 'default' }
        }
        testId="dict-data-modal"
        onSubmit={(v) =>
          editor.editing
            ? systemDictDataUpdate({ ...v, dictType: type.dictType, dictCode: editor.editing.dictCode })
            : systemDictDataSave({ ...v, dictType: type.dictType })
        }
      >
        <ProFormText name="dictType" label={t('dict.dictType')} disabled />
        <ProFormText
          name="dictLabel"
          label={t('dict.dictLabel')}
          rules={[...rules.required(t('dict.dictLabel')), rules.max(t('dict.dictLabel'), 100)]}
          fieldProps={{ 'data-testid': 'form-dictLabel' }}
        />
        <ProFormText
          name="dictValue"
          label={t('dict.dictValue')}
          tooltip={numericHint}
          rules={[
            ...rules.required(t('dict.dictValue')),
            rules.max(t('dict.dictValue'), 100),
            ...(type.numeric ? [{ pattern: /^-?(0|[1-9]\d*)(\.\d+)?$/, message: t('dict.valueMustBeNumber') }] : []),
          ]}
          fieldProps={{ 'data-testid': 'form-dictValue' }}
        />
        <ProFormDigit name="dictSort" label={t('dict.dictSort')} min={0} max={9999} fieldProps={{ precision: 0 }} />
        <ProFormSelect
          name="listClass"
          label={t('dict.listClass')}
          options={LIST_CLASSES.map((c) => ({
            value: c,
            label: <Tag color={TAG_COLORS[c]}>{t(`dict.class.${c}`)}</Tag>,
          }))}
        />
        <ProFormRadio.Group
          name="isDefault"
          label={t('dict.isDefault')}
          options={[
            { value: 'Y', label: t('common.yes') },
            { value: 'N', label: t('common.no') },
          ]}
        />
        <ProFormRadio.Group name="status" label={t('dict.status')} options={statusOptions} />
        <ProFormTextArea name="remark" label={t('common.remark')} rules={[rules.max(t('common.remark'), 500)]} />
      </EditorModal>
    </>
  );
}

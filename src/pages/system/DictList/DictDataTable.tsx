/** The data of one dictionary type: paged list, add/edit/delete, Excel export and import. */
import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Button, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProFormDigit, ProFormRadio, ProFormSelect, ProFormText, ProFormTextArea, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import AuthButton from '@/components/AuthButton';
import { ExportButton, ImportButton } from '@/components/ExcelButtons';
import { tableRequest, useTablePagination } from '@/components/ProTableKit';
import { formatDateTime } from '@/components/ProTableKit/format';
import {
  DICT_DATA_EXPORT_URL, DICT_DATA_IMPORT_URL, DICT_DATA_TEMPLATE_URL, listDictData, removeDictData, saveDictData,
  type DictData, type DictDataInput, type DictDataQuery, type DictType,
} from '@/services/systemDict';
import { EditorModal, NS, RemoveLink, statusOptions, useAction, useRules, useStatusEnum } from '../PermissionList/kit';

const LIST_CLASSES = ['default', 'processing', 'success', 'warning', 'error'] as const;
const TAG_COLORS: Record<string, string> = { processing: 'blue', success: 'green', warning: 'orange', error: 'red' };

export default function DictDataTable({ type, onChanged }: { type: DictType; onChanged: () => void }) {
  const { t } = useTranslation(NS);
  const actionRef = useRef<ActionType>(null);
  const pagination = useTablePagination();
  const rules = useRules();
  const statusEnum = useStatusEnum();
  const [editing, setEditing] = useState<DictData | null>(null);
  const [open, setOpen] = useState(false);
  const [lastQuery, setLastQuery] = useState<Record<string, unknown>>({ dictType: type.dictType });
  const reload = useCallback(() => {
    void actionRef.current?.reload();
    onChanged();
  }, [onChanged]);
  const act = useAction(reload);
  const request = useMemo(
    () => tableRequest<DictData, Omit<DictDataQuery, 'pageNum' | 'pageSize'>>((q) => {
      const query = { ...q, dictType: type.dictType };
      setLastQuery({ dictType: type.dictType, dictLabel: q.dictLabel, status: q.status });
      return listDictData(query);
    }, actionRef),
    [type.dictType],
  );

  const columns: ProColumns<DictData>[] = [
    { title: t('dict.dictCode'), dataIndex: 'dictCode', width: 80, search: false },
    {
      title: t('dict.dictLabel'),
      dataIndex: 'dictLabel',
      width: 240,
      fieldProps: { 'data-testid': 'search-dictLabel' },
      render: (_d, r) => (r.listClass && r.listClass !== 'default' ? <Tag color={TAG_COLORS[r.listClass] ?? r.listClass}>{r.dictLabel}</Tag> : r.dictLabel),
    },
    { title: t('dict.dictValue'), dataIndex: 'dictValue', width: 120, search: false, render: (_d, r) => <code>{r.dictValue}</code> },
    { title: t('dict.dictSort'), dataIndex: 'dictSort', width: 80, search: false },
    { title: t('dict.isDefault'), dataIndex: 'isDefault', width: 80, search: false, render: (_d, r) => (r.isDefault === 'Y' ? <Tag color="cyan">{t('common.yes')}</Tag> : '-') },
    { title: t('dict.status'), dataIndex: 'status', width: 90, valueType: 'select', valueEnum: statusEnum },
    { title: t('common.remark'), dataIndex: 'remark', ellipsis: true, search: false },
    { title: t('common.createdAt'), dataIndex: 'createdAt', width: 170, search: false, hideInTable: true, render: (_d, r) => formatDateTime(r.createdAt) },
    {
      title: t('common.action'),
      valueType: 'option',
      width: 110,
      render: (_d, r) => [
        <AuthButton key="edit" perm="system:dict:edit">
          <a onClick={() => { setEditing(r); setOpen(true); }} data-testid="data-edit">{t('common.edit')}</a>
        </AuthButton>,
        <RemoveLink key="remove" perm="system:dict:remove" testId="data-remove" onConfirm={() => act(() => removeDictData([r.dictCode]))} />,
      ],
    },
  ];

  const numericHint = type.numeric === null ? t('dict.valueFree') : type.numeric ? t('dict.valueNumeric') : t('dict.valueString');

  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={numericHint} />
      <ProTable<DictData, Omit<DictDataQuery, 'pageNum' | 'pageSize'>>
        rowKey="dictCode"
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={pagination}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        data-testid="dict-data-table"
        toolBarRender={() => [
          <AuthButton key="add" perm="system:dict:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => { setEditing(null); setOpen(true); }} data-testid="data-add">
              {t('common.add')}
            </Button>
          </AuthButton>,
          <ImportButton key="import" templateUrl={DICT_DATA_TEMPLATE_URL} importUrl={DICT_DATA_IMPORT_URL} perm="system:dict:import" onDone={reload} templateName={`${t('dict.templateName')}.xlsx`} />,
          <ExportButton key="export" url={DICT_DATA_EXPORT_URL} params={lastQuery} fileName={`${t('dict.dataTitle')}_${type.dictType}`} perm="system:dict:export" />,
        ]}
      />
      <EditorModal<DictDataInput>
        title={editing ? t('dict.editDataTitle') : t('dict.addDataTitle')}
        open={open}
        onClose={() => setOpen(false)}
        onSaved={reload}
        initialValues={editing ?? { dictType: type.dictType, dictSort: 0, isDefault: 'N', status: '1', listClass: 'default' }}
        testId="dict-data-modal"
        onSubmit={(v) => saveDictData({ ...v, dictType: type.dictType, dictCode: editing?.dictCode })}
      >
        <ProFormText name="dictType" label={t('dict.dictType')} disabled />
        <ProFormText name="dictLabel" label={t('dict.dictLabel')} rules={[...rules.required(t('dict.dictLabel')), rules.max(t('dict.dictLabel'), 100)]} fieldProps={{ 'data-testid': 'form-dictLabel' }} />
        <ProFormText
          name="dictValue"
          label={t('dict.dictValue')}
          tooltip={numericHint}
          rules={[...rules.required(t('dict.dictValue')), rules.max(t('dict.dictValue'), 100), ...(type.numeric ? [{ pattern: /^-?(0|[1-9]\d*)(\.\d+)?$/, message: t('dict.valueMustBeNumber') }] : [])]}
          fieldProps={{ 'data-testid': 'form-dictValue' }}
        />
        <ProFormDigit name="dictSort" label={t('dict.dictSort')} min={0} max={9999} fieldProps={{ precision: 0 }} />
        <ProFormSelect
          name="listClass"
          label={t('dict.listClass')}
          options={LIST_CLASSES.map((c) => ({ value: c, label: <Tag color={TAG_COLORS[c]}>{t(`dict.class.${c}`)}</Tag> }))}
        />
        <ProFormRadio.Group name="isDefault" label={t('dict.isDefault')} options={[{ value: 'Y', label: t('common.yes') }, { value: 'N', label: t('common.no') }]} />
        <ProFormRadio.Group name="status" label={t('dict.status')} options={statusOptions(t)} />
        <ProFormTextArea name="remark" label={t('common.remark')} rules={[rules.max(t('common.remark'), 500)]} />
      </EditorModal>
    </>
  );
}

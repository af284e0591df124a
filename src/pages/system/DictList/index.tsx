/**
 * 字典管理: the dictionary types (search, paging, add, edit, delete with its data after
 * confirmation, export); choosing a type opens its data with import and export.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Drawer, Space, Tag, Tooltip } from 'antd';
import { LockOutlined, PlusOutlined } from '@ant-design/icons';
import { ProFormRadio, ProFormText, ProFormTextArea, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import AuthButton from '@/components/AuthButton';
import { ExportButton } from '@/components/ExcelButtons';
import { tableRequest, useTablePagination } from '@/components/ProTableKit';
import { formatDateTime } from '@/components/ProTableKit/format';
import { DICT_TYPE_EXPORT_URL, listDictTypes, removeDictTypes, saveDictType, type DictType, type DictTypeInput, type DictTypeQuery } from '@/services/systemDict';
import { dateRangeColumn, EditorModal, NS, RemoveLink, searchOnly, statusOptions, useAction, useRules, useStatusEnum } from '../PermissionList/kit';
import DictDataTable from './DictDataTable';

type Query = Omit<DictTypeQuery, 'pageNum' | 'pageSize'>;

export default function DictList() {
  const { t } = useTranslation(NS);
  const actionRef = useRef<ActionType>(null);
  const pagination = useTablePagination();
  const rules = useRules();
  const statusEnum = useStatusEnum();
  const [lastQuery, setLastQuery] = useState<Record<string, unknown>>({});
  const [editing, setEditing] = useState<DictType | null>(null);
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<DictType | null>(null);
  const reload = useCallback(() => void actionRef.current?.reload(), []);
  const act = useAction(reload);
  const request = useMemo(
    () => tableRequest<DictType, Query>((q) => {
      setLastQuery(searchOnly(q as Record<string, unknown>));
      return listDictTypes(q);
    }, actionRef),
    [],
  );

  const columns: ProColumns<DictType>[] = [
    { title: t('dict.dictId'), dataIndex: 'dictId', width: 90, search: false },
    { title: t('dict.dictName'), dataIndex: 'dictName', fieldProps: { 'data-testid': 'search-dictName' } },
    {
      title: t('dict.dictType'),
      dataIndex: 'dictType',
      fieldProps: { 'data-testid': 'search-dictType' },
      render: (_d, r) => (
        <Space size={4}>
          <a onClick={() => setViewing(r)} data-testid="dict-open">{r.dictType}</a>
          {r.builtIn && (
            <Tooltip title={t('dict.builtInHint')}>
              <Tag icon={<LockOutlined />} color="gold">{t('dict.builtIn')}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('dict.valueKind'),
      dataIndex: 'numeric',
      width: 100,
      search: false,
      render: (_d, r) => (r.numeric === null ? '-' : r.numeric ? <Tag color="blue">{t('dict.kindNumber')}</Tag> : <Tag>{t('dict.kindString')}</Tag>),
    },
    { title: t('dict.dataCount'), dataIndex: 'dataCount', width: 90, search: false },
    { title: t('dict.status'), dataIndex: 'status', width: 90, valueType: 'select', valueEnum: statusEnum },
    { title: t('common.remark'), dataIndex: 'remark', ellipsis: true, search: false },
    { title: t('common.createdAt'), dataIndex: 'createdAt', width: 170, search: false, render: (_d, r) => formatDateTime(r.createdAt) },
    dateRangeColumn<DictType>(t('common.createdAt')),
    {
      title: t('common.action'),
      valueType: 'option',
      width: 170,
      render: (_d, r) => [
        <a key="data" onClick={() => setViewing(r)} data-testid="row-data">{t('dict.data')}</a>,
        <AuthButton key="edit" perm="system:dict:edit">
          <a onClick={() => { setEditing(r); setOpen(true); }} data-testid="row-edit">{t('common.edit')}</a>
        </AuthButton>,
        r.builtIn ? null : (
          <RemoveLink
            key="remove"
            perm="system:dict:remove"
            title={t('dict.removeTypeConfirm', { name: r.dictName, count: r.dataCount })}
            onConfirm={() => act(() => removeDictTypes([r.dictId]))}
          />
        ),
      ],
    },
  ];

  return (
    <PageHeaderWrapper title={t('dict.title')} description={t('dict.description')}>
      <ProTable<DictType, Query>
        rowKey="dictId"
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={pagination}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        data-testid="dict-type-table"
        toolBarRender={() => [
          <AuthButton key="add" perm="system:dict:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => { setEditing(null); setOpen(true); }} data-testid="dict-add">
              {t('common.add')}
            </Button>
          </AuthButton>,
          <ExportButton key="export" url={DICT_TYPE_EXPORT_URL} params={lastQuery} fileName={t('dict.typeTitle')} perm="system:dict:export" />,
        ]}
      />
      <EditorModal<DictTypeInput>
        title={editing ? t('dict.editTypeTitle') : t('dict.addTypeTitle')}
        open={open}
        onClose={() => setOpen(false)}
        onSaved={reload}
        initialValues={editing ?? { status: '1' }}
        testId="dict-type-modal"
        onSubmit={(v) => saveDictType({ ...v, dictId: editing?.dictId })}
      >
        <ProFormText name="dictName" label={t('dict.dictName')} rules={[...rules.required(t('dict.dictName')), rules.max(t('dict.dictName'), 100)]} fieldProps={{ 'data-testid': 'form-dictName' }} />
        <ProFormText
          name="dictType"
          label={t('dict.dictType')}
          disabled={editing?.builtIn}
          tooltip={editing && !editing.builtIn ? t('dict.renameHint') : undefined}
          rules={[...rules.required(t('dict.dictType')), rules.max(t('dict.dictType'), 100), { pattern: /^[A-Za-z][A-Za-z0-9_]*$/, message: t('dict.typePattern') }]}
          fieldProps={{ 'data-testid': 'form-dictType' }}
        />
        <ProFormRadio.Group name="status" label={t('dict.status')} options={statusOptions(t)} />
        <ProFormTextArea name="remark" label={t('common.remark')} rules={[rules.max(t('common.remark'), 500)]} />
      </EditorModal>
      <Drawer
        open={!!viewing}
        width={960}
        title={viewing ? t('dict.drawerTitle', { name: viewing.dictName, type: viewing.dictType }) : ''}
        onClose={() => setViewing(null)}
        destroyOnHidden
        data-testid="dict-data-drawer"
      >
        {viewing && <DictDataTable key={viewing.dictId} type={viewing} onChanged={reload} />}
      </Drawer>
    </PageHeaderWrapper>
  );
}

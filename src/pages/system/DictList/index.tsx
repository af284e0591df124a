/**
 * 字典管理: the dictionary types (search, paging, add, edit, delete with its data after
 * confirmation, export); choosing a type opens its data with import and export.
 */
import { useState } from 'react';
import { Drawer, Space, Tag, Tooltip } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { ProFormRadio, ProFormText, ProFormTextArea, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  EditLink,
  EditorModal,
  ListPage,
  RemoveLink,
  RowLink,
  dateRangeColumn,
  useAction,
  useAdminColumns,
  useEditor,
  useListPage,
  useRules,
  useStatusOptions,
} from '@/components/AdminKit';
import {
  systemDictTypeExport,
  systemDictTypeList,
  systemDictTypeRemove,
  systemDictTypeSave,
  systemDictTypeUpdate,
} from '@/services/generated/api';
import type { SystemDictTypeListParams, SystemDictTypeSaveBody } from '@/services/generated/api.schemas';
import { SYS_DATA } from '../namespaces';
import DictDataTable, { type DictType } from './DictDataTable';
import ActionLink from '@/components/ActionLink';

type Query = Omit<SystemDictTypeListParams, 'pageNum' | 'pageSize'>;

/** The page's fixed wiring: row key, test id, 新增 and 导出. */
const PAGE = {
  rowKey: 'dictId',
  testId: 'dict-type-table',
  add: { perm: 'system:dict:add', testId: 'dict-add' },
} as const;

export default function DictList() {
  const { t } = useTranslation(SYS_DATA);
  const cols = useAdminColumns<DictType>();
  const rules = useRules();
  const statusOptions = useStatusOptions();
  const list = useListPage<DictType, Query>(systemDictTypeList);
  const act = useAction(list.reload);
  const editor = useEditor<DictType>();
  const [viewing, setViewing] = useState<DictType | null>(null);

  const columns: ProColumns<DictType>[] = [
    { title: t('dict.dictId'), dataIndex: 'dictId', width: 90, search: false },
    { title: t('dict.dictName'), dataIndex: 'dictName', fieldProps: { 'data-testid': 'search-dictName' } },
    {
      title: t('dict.dictType'),
      dataIndex: 'dictType',
      fieldProps: { 'data-testid': 'search-dictType' },
      render: (_d, r) => (
        <Space size={4}>
          <ActionLink onClick={() => setViewing(r)} data-testid="dict-open">
            {r.dictType}
          </ActionLink>
          {r.builtIn && (
            <Tooltip title={t('dict.builtInHint')}>
              <Tag icon={<LockOutlined />} color="gold">
                {t('dict.builtIn')}
              </Tag>
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
      render: (_d, r) =>
        r.numeric === null ? (
          '-'
        ) : r.numeric ? (
          <Tag color="blue">{t('dict.kindNumber')}</Tag>
        ) : (
          <Tag>{t('dict.kindString')}</Tag>
        ),
    },
    { title: t('dict.dataCount'), dataIndex: 'dataCount', width: 90, search: false },
    cols.status({ title: t('dict.status'), width: 90 }),
    { title: t('common.remark'), dataIndex: 'remark', ellipsis: true, search: false },
    cols.createdAt(),
    dateRangeColumn<DictType>(t('common.createdAt')),
    cols.action(170, (r) => [
      <RowLink key="data" onClick={() => setViewing(r)} testId="row-data">
        {t('dict.data')}
      </RowLink>,
      <EditLink key="edit" perm="system:dict:edit" onClick={() => editor.edit(r)} />,
      r.builtIn ? null : (
        <RemoveLink
          key="remove"
          perm="system:dict:remove"
          title={t('dict.removeTypeConfirm', { name: r.dictName, count: r.dataCount })}
          onConfirm={() => act(() => systemDictTypeRemove({ ids: String(r.dictId) }))}
        />
      ),
    ]),
  ];

  return (
    <ListPage<DictType, Query>
      {...PAGE}
      onAdd={editor.create}
      title={t('dict.title')}
      description={t('dict.description')}
      list={list}
      columns={columns}
      exportTo={{ call: systemDictTypeExport, perm: 'system:dict:export', fileName: t('dict.typeTitle') }}
    >
      <EditorModal<SystemDictTypeSaveBody>
        title={editor.editing ? t('dict.editTypeTitle') : t('dict.addTypeTitle')}
        editor={editor}
        onSaved={list.reload}
        initialValues={editor.editing ?? { status: '1' }}
        testId="dict-type-modal"
        onSubmit={(v) =>
          editor.editing ? systemDictTypeUpdate({ ...v, dictId: editor.editing.dictId }) : systemDictTypeSave(v)
        }
      >
        <ProFormText
          name="dictName"
          label={t('dict.dictName')}
          rules={[...rules.required(t('dict.dictName')), rules.max(t('dict.dictName'), 100)]}
          fieldProps={{ 'data-testid': 'form-dictName' }}
        />
        <ProFormText
          name="dictType"
          label={t('dict.dictType')}
          disabled={editor.editing?.builtIn}
          tooltip={editor.editing && !editor.editing.builtIn ? t('dict.renameHint') : undefined}
          rules={[
            ...rules.required(t('dict.dictType')),
            rules.max(t('dict.dictType'), 100),
            { pattern: /^[A-Za-z][A-Za-z0-9_]*$/, message: t('dict.typePattern') },
          ]}
          fieldProps={{ 'data-testid': 'form-dictType' }}
        />
        <ProFormRadio.Group name="status" label={t('dict.status')} options={statusOptions} />
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
        {viewing && <DictDataTable key={viewing.dictId} type={viewing} onChanged={list.reload} />}
      </Drawer>
    </ListPage>
  );
}

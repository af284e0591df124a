/**
 * One page for every catalog kind (职务, 文件标签, 机构标签, 数据排序, 违规类型, 常见问题, 网关): list with
 * search (code, name, status, creation dates), paging and 总共 N 条记录, export, create/edit modal
 * with the kind's extra fields, delete with confirmation. Each <X>List page only picks its kind.
 */
import type { ReactNode } from 'react';
import { ColorPicker, Space, Tag, Typography } from 'antd';
import {
  ProForm,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
  type ProColumns,
} from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  EditLink,
  EditorModal,
  ListPage,
  RemoveLink,
  dateRangeColumn,
  useAdminList,
  useRules,
  useStatusOptions,
} from '@/components/AdminKit';
import { SYS_ADMIN } from '../namespaces';
import {
  CATALOG_CALLS,
  CATALOG_PAGES,
  type CatalogBody,
  type CatalogItem,
  type CatalogKind,
  type CatalogQuery,
  type ExtraField,
} from './catalogKinds';

type Search = Omit<CatalogQuery, 'pageNum' | 'pageSize'>;
type FormValues = CatalogBody & Record<string, unknown>;

export default function CatalogPage({ kind }: { kind: CatalogKind }) {
  const { t } = useTranslation(SYS_ADMIN);
  const rules = useRules();
  const statusOptions = useStatusOptions();
  const config = CATALOG_PAGES[kind];
  const calls = CATALOG_CALLS[kind];
  const { list, cols, editor, remove } = useAdminList<CatalogItem, Search>((q) => calls.list(q));
  const editing = editor.editing;
  const title = t(`catalog.titles.${config.title}`);
  const fieldLabel = (f: ExtraField) => t(`catalog.fields.${f.label}`);
  const optionLabel = (f: ExtraField, value: unknown) => {
    const key = f.options?.[String(value)];
    return key ? t(`catalog.options.${key}`) : String(value ?? '');
  };

  const renderExtra = (f: ExtraField, value: unknown): ReactNode => {
    if (value === undefined || value === null || value === '') return '-';
    if (f.type === 'color') {
      return (
        <Space size={6}>
          <span
            style={{
              display: 'inline-block',
              width: 14,
              height: 14,
              borderRadius: 3,
              background: String(value),
              border: '1px solid #d9d9d9',
            }}
          />
          <Typography.Text code>{String(value)}</Typography.Text>
        </Space>
      );
    }
    if (f.type === 'select') return <Tag>{optionLabel(f, value)}</Tag>;
    return String(value);
  };

  const columns: ProColumns<CatalogItem>[] = [
    { title: t('common.code'), dataIndex: 'code', width: 150, fieldProps: { 'data-testid': 'search-code' } },
    { title: t('common.name'), dataIndex: 'name', ellipsis: true, fieldProps: { 'data-testid': 'search-name' } },
    ...config.fields
      .filter((f) => f.inTable)
      .map(
        (f): ProColumns<CatalogItem> => ({
          title: fieldLabel(f),
          dataIndex: ['extra', f.name],
          search: false,
          ellipsis: f.type === 'textarea' || f.name === 'url',
          render: (_d, r) => renderExtra(f, r.extra?.[f.name]),
        }),
      ),
    { title: t('common.sortOrder'), dataIndex: 'sortOrder', width: 80, search: false },
    cols.status({ width: 90 }),
    cols.createdAt(),
    dateRangeColumn<CatalogItem>(t('common.createdAt')),
    cols.action(120, (r) => [
      <EditLink key="edit" perm={config.perms.edit} onClick={() => editor.edit(r)} />,
      <RemoveLink
        key="remove"
        perm={config.perms.remove}
        onConfirm={() => remove(() => calls.remove({ ids: String(r.id) }))}
      />,
    ]),
  ];

  const extraInput = (f: ExtraField) => {
    const name = ['extra', f.name];
    const label = fieldLabel(f);
    const fieldRules = [
      ...(f.required ? rules.required(label, f.type === 'select') : []),
      ...(f.pattern ? [{ pattern: f.pattern, message: t(`catalog.patterns.${f.patternMsg}`, { field: label }) }] : []),
    ];
    const testId = { 'data-testid': `form-extra-${f.name}` };
    switch (f.type) {
      case 'select':
        return (
          <ProFormSelect
            key={f.name}
            name={name}
            label={label}
            rules={fieldRules}
            options={Object.keys(f.options ?? {}).map((v) => ({ value: v, label: optionLabel(f, v) }))}
            fieldProps={testId as Record<string, unknown>}
          />
        );
      case 'number':
        return (
          <ProFormDigit
            key={f.name}
            name={name}
            label={label}
            min={f.min}
            max={f.max}
            rules={[
              ...fieldRules,
              {
                type: 'number',
                min: f.min,
                max: f.max,
                message: t('common.range', { field: label, min: f.min, max: f.max }),
              },
            ]}
            fieldProps={{ precision: 0, ...testId } as Record<string, unknown>}
          />
        );
      case 'textarea':
        return (
          <ProFormTextArea
            key={f.name}
            name={name}
            label={label}
            rules={fieldRules}
            fieldProps={{ rows: 4, ...testId } as Record<string, unknown>}
          />
        );
      case 'color':
        return (
          <ProForm.Item
            key={f.name}
            name={name}
            label={label}
            rules={fieldRules}
            normalize={(c: unknown) => (typeof c === 'string' ? c : (c as { toHexString: () => string }).toHexString())}
          >
            <ColorPicker showText format="hex" disabledAlpha data-testid={`form-extra-${f.name}`} />
          </ProForm.Item>
        );
      default:
        return <ProFormText key={f.name} name={name} label={label} rules={fieldRules} fieldProps={testId} />;
    }
  };

  const initial: Partial<FormValues> = editing
    ? {
        code: editing.code,
        name: editing.name,
        sortOrder: editing.sortOrder,
        status: editing.status,
        remark: editing.remark,
        extra: { ...config.defaults, ...editing.extra },
      }
    : { sortOrder: 0, status: '1', extra: { ...config.defaults } };

  return (
    <ListPage<CatalogItem, Search>
      title={title}
      list={list}
      rowKey="id"
      columns={columns}
      testId={`catalog-table-${kind}`}
      add={{ perm: config.perms.add, testId: 'catalog-add' }}
      onAdd={editor.create}
      exportTo={{ call: calls.exportTo, perm: config.perms.export }}
    >
      <EditorModal<FormValues>
        title={`${editing ? t('common.edit') : t('common.add')} · ${title}`}
        editor={editor}
        initialValues={initial}
        onSubmit={(v) => {
          const body: CatalogBody = {
            code: v.code,
            name: v.name,
            sortOrder: Number(v.sortOrder ?? 0),
            status: v.status,
            remark: v.remark ?? null,
            extra: { ...v.extra },
          };
          return editing ? calls.update({ ...body, id: editing.id }) : calls.save(body);
        }}
        onSaved={list.reload}
        width={680}
        testId="catalog-modal"
      >
        <ProFormText
          name="code"
          label={t('common.code')}
          rules={[
            ...rules.required(t('common.code')),
            rules.max(t('common.code'), 64),
            { pattern: /^[A-Za-z0-9_.-]+$/, message: t('catalog.patterns.code') },
          ]}
          fieldProps={{ 'data-testid': 'form-code' }}
        />
        <ProFormText
          name="name"
          label={t('common.name')}
          rules={[...rules.required(t('common.name')), rules.max(t('common.name'), 200)]}
          fieldProps={{ 'data-testid': 'form-name' }}
        />
        {config.fields.map(extraInput)}
        <ProFormDigit name="sortOrder" label={t('common.sortOrder')} min={0} max={9999} fieldProps={{ precision: 0 }} />
        <ProFormRadio.Group name="status" label={t('common.status')} options={statusOptions} />
        <ProFormTextArea name="remark" label={t('common.remark')} rules={[rules.max(t('common.remark'), 500)]} />
      </EditorModal>
    </ListPage>
  );
}

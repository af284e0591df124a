/**
 * One page for every catalog kind (职务, 文件标签, 机构标签, 数据排序, 违规类型, 常见问题, 网关): list with
 * search (code, name, status, creation dates), paging and 总共 N 条记录, export, create/edit modal
 * with the kind's extra fields, delete with confirmation. Each <X>List page only picks its kind.
 */
import { useState, type ReactNode } from 'react';
import { Button, ColorPicker, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProForm, ProFormDigit, ProFormRadio, ProFormSelect, ProFormText, ProFormTextArea, ProTable, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import AuthButton from '@/components/AuthButton';
import { ExportButton } from '@/components/ExcelButtons';
import { formatDateTime } from '@/components/ProTableKit/format';
import { catalogExportUrl, listCatalog, removeCatalogItems, saveCatalogItem, type CatalogInput, type CatalogItem, type CatalogKind, type CatalogQuery } from '@/services/systemCatalog';
import { dateRangeColumn, EditorModal, NS, RemoveLink, useListPage, useRemove, useRules } from './adminKit';
import { CATALOG_PAGES, type ExtraField } from './catalogKinds';

type Search = Omit<CatalogQuery, 'pageNum' | 'pageSize'>;
type FormValues = Omit<CatalogInput, 'extra'> & { extra: Record<string, unknown> } & Record<string, unknown>;

export default function CatalogPage({ kind }: { kind: CatalogKind }) {
  const { t } = useTranslation(NS);
  const rules = useRules();
  const config = CATALOG_PAGES[kind];
  const { actionRef, pagination, request, lastQuery, reload } = useListPage<CatalogItem, Search>((q) => listCatalog(kind, q));
  const remove = useRemove(reload);
  const [editing, setEditing] = useState<CatalogItem | null>(null);
  const [open, setOpen] = useState(false);
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
          <span style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 3, background: String(value), border: '1px solid #d9d9d9' }} />
          <Typography.Text code>{String(value)}</Typography.Text>
        </Space>
      );
    }
    if (f.type === 'select') return <Tag>{optionLabel(f, value)}</Tag>;
    return String(value);
  };

  const statusEnum = { '1': { text: t('common.statusNormal'), status: 'Success' }, '0': { text: t('common.statusDisabled'), status: 'Default' } };
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
    { title: t('common.status'), dataIndex: 'status', width: 90, valueType: 'select', valueEnum: statusEnum },
    { title: t('common.createdAt'), dataIndex: 'createdAt', width: 170, search: false, render: (_d, r) => formatDateTime(r.createdAt) },
    dateRangeColumn<CatalogItem>(t('common.createdAt')),
    {
      title: t('common.action'),
      valueType: 'option',
      width: 120,
      render: (_d, r) => [
        <AuthButton key="edit" perm={config.perms.edit}>
          <a
            onClick={() => {
              setEditing(r);
              setOpen(true);
            }}
            data-testid="row-edit"
          >
            {t('common.edit')}
          </a>
        </AuthButton>,
        <RemoveLink key="remove" perm={config.perms.remove} onConfirm={() => remove(() => removeCatalogItems(kind, [r.id]))} />,
      ],
    },
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
        return <ProFormSelect key={f.name} name={name} label={label} rules={fieldRules} options={Object.keys(f.options ?? {}).map((v) => ({ value: v, label: optionLabel(f, v) }))} fieldProps={testId as Record<string, unknown>} />;
      case 'number':
        return (
          <ProFormDigit
            key={f.name}
            name={name}
            label={label}
            min={f.min}
            max={f.max}
            rules={[...fieldRules, { type: 'number', min: f.min, max: f.max, message: t('common.range', { field: label, min: f.min, max: f.max }) }]}
            fieldProps={{ precision: 0, ...testId } as Record<string, unknown>}
          />
        );
      case 'textarea':
        return <ProFormTextArea key={f.name} name={name} label={label} rules={fieldRules} fieldProps={{ rows: 4, ...testId } as Record<string, unknown>} />;
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
    ? { code: editing.code, name: editing.name, sortOrder: editing.sortOrder, status: editing.status, remark: editing.remark, extra: { ...config.defaults, ...editing.extra } }
    : { sortOrder: 0, status: '1', extra: { ...config.defaults } };

  return (
    <PageHeaderWrapper title={title}>
      <ProTable<CatalogItem, Search>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={pagination}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        data-testid={`catalog-table-${kind}`}
        toolBarRender={() => [
          <AuthButton key="add" perm={config.perms.add}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                setEditing(null);
                setOpen(true);
              }}
              data-testid="catalog-add"
            >
              {t('common.add')}
            </Button>
          </AuthButton>,
          <ExportButton key="export" url={catalogExportUrl(kind)} params={lastQuery} fileName={title} perm={config.perms.export} />,
        ]}
      />
      <EditorModal<FormValues>
        title={`${editing ? t('common.edit') : t('common.add')} · ${title}`}
        open={open}
        onClose={() => setOpen(false)}
        initialValues={initial}
        onSubmit={(v) =>
          saveCatalogItem(kind, {
            id: editing?.id,
            code: v.code,
            name: v.name,
            sortOrder: Number(v.sortOrder ?? 0),
            status: v.status,
            remark: v.remark ?? null,
            extra: { ...v.extra },
          })
        }
        onSaved={reload}
        width={680}
        testId="catalog-modal"
      >
        <ProFormText
          name="code"
          label={t('common.code')}
          rules={[...rules.required(t('common.code')), rules.max(t('common.code'), 64), { pattern: /^[A-Za-z0-9_.-]+$/, message: t('catalog.patterns.code') }]}
          fieldProps={{ 'data-testid': 'form-code' }}
        />
        <ProFormText name="name" label={t('common.name')} rules={[...rules.required(t('common.name')), rules.max(t('common.name'), 200)]} fieldProps={{ 'data-testid': 'form-name' }} />
        {config.fields.map(extraInput)}
        <ProFormDigit name="sortOrder" label={t('common.sortOrder')} min={0} max={9999} fieldProps={{ precision: 0 }} />
        <ProFormRadio.Group
          name="status"
          label={t('common.status')}
          options={[
            { value: '1', label: t('common.statusNormal') },
            { value: '0', label: t('common.statusDisabled') },
          ]}
        />
        <ProFormTextArea name="remark" label={t('common.remark')} rules={[rules.max(t('common.remark'), 500)]} />
      </EditorModal>
    </PageHeaderWrapper>
  );
}

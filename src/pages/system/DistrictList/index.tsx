/**
 * 行政区划: the province's districts as a lazy tree (each level is read when opened), a search by
 * name, and add/edit/delete (with confirmation) of cities and counties.
 */
import { useCallback, useEffect, useState, type Key } from 'react';
import { Button, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { ProCard, ProFormDigit, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import {
  AreaTag,
  EditLink,
  EditorModal,
  RemoveLink,
  RowLink,
  useAction,
  useAreaOptions,
  useEditor,
  useKitText,
  useRules,
  useServerError,
} from '@/components/AdminKit';
import { ExportButton } from '@/components/ExcelButtons';
import {
  systemDistrictsExport,
  systemDistrictsList,
  systemDistrictsRemove,
  systemDistrictsSave,
  systemDistrictsUpdate,
} from '@/services/generated/api';
import type {
  SystemDistrictsList200,
  SystemDistrictsListParams,
  SystemDistrictsSaveBody,
} from '@/services/generated/api.schemas';
import { SYS_DATA } from '../namespaces';

type District = SystemDistrictsList200['rows'][number];
/** One level (or a search) at a time: up to 500 rows, no paging on screen. */
const listDistricts = (q: SystemDistrictsListParams) => systemDistrictsList({ pageNum: 1, pageSize: 500, ...q });

type Row = District & { children?: Row[] };

/** Rows with children get an empty list until opened, so the expand icon shows. */
const asRows = (list: District[]): Row[] => list.map((d) => (d.hasChildren ? { ...d, children: [] } : { ...d }));

function withChildren(rows: Row[], code: string, children: Row[]): Row[] {
  return rows.map((r) =>
    r.code === code
      ? { ...r, children }
      : r.children
        ? { ...r, children: withChildren(r.children, code, children) }
        : r,
  );
}

const LEVEL_COLORS: Record<number, string> = { 1: 'magenta', 2: 'blue', 3: 'default' };

export default function DistrictList() {
  const { t } = useTranslation(SYS_DATA);
  const kt = useKitText();
  const rules = useRules();
  const areaOptions = useAreaOptions();
  const showError = useServerError();
  const [rows, setRows] = useState<Row[]>([]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [loading, setLoading] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [searching, setSearching] = useState(false);
  const editor = useEditor<District, District>();

  const loadTop = useCallback(async () => {
    setLoading(true);
    try {
      const top = asRows((await listDistricts({})).rows ?? []);
      // The province opens at once: its cities are what people look for.
      const province = top[0];
      if (province?.hasChildren) {
        const cities = asRows((await listDistricts({ parentCode: province.code })).rows ?? []);
        setRows([{ ...province, children: cities }]);
        setExpanded([province.code]);
      } else {
        setRows(top);
        setExpanded([]);
      }
      setSearching(false);
    } catch (err) {
      showError(err);
    } finally {
      setLoading(false);
    }
  }, [showError]);

  useEffect(() => {
    void loadTop();
  }, [loadTop]);

  const openRow = async (row: Row) => {
    if (!row.hasChildren || (row.children && row.children.length)) return;
    try {
      const children = asRows((await listDistricts({ parentCode: row.code })).rows ?? []);
      setRows((current) => withChildren(current, row.code, children));
    } catch (err) {
      showError(err);
    }
  };

  const search = async (name: string) => {
    setKeyword(name);
    if (!name.trim()) {
      await loadTop();
      return;
    }
    setLoading(true);
    try {
      setRows(((await listDistricts({ name: name.trim(), pageSize: 200 })).rows ?? []).map((d) => ({ ...d })));
      setExpanded([]);
      setSearching(true);
    } catch (err) {
      showError(err);
    } finally {
      setLoading(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: search uses only state setters, so any render's copy does the same
  const refresh = useCallback(() => void (searching ? search(keyword) : loadTop()), [searching, keyword, loadTop]);
  const act = useAction(refresh);

  const columns: TableColumnsType<Row> = [
    { title: t('district.name'), dataIndex: 'name', render: (_v, r) => (searching ? r.fullName : r.name) },
    {
      title: t('district.code'),
      dataIndex: 'code',
      width: 130,
      render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
    },
    {
      title: t('district.level'),
      dataIndex: 'level',
      width: 100,
      render: (v: number) => <Tag color={LEVEL_COLORS[v]}>{t(`district.level${v}`)}</Tag>,
    },
    { title: t('district.area'), dataIndex: 'area', width: 170, render: (_v, r) => <AreaTag area={r.area} /> },
    { title: t('district.orderNum'), dataIndex: 'orderNum', width: 80 },
    {
      title: kt('admin.action'),
      width: 190,
      render: (_v, r) => (
        <Space>
          {r.level < 3 && (
            <RowLink perm="system:district:add" onClick={() => editor.create(r)} testId="row-add-child">
              {t('common.addChild')}
            </RowLink>
          )}
          {r.level > 1 && <EditLink perm="system:district:edit" onClick={() => editor.edit(r)} />}
          {r.level > 1 && !r.hasChildren && (
            <RemoveLink
              perm="system:district:remove"
              title={t('district.removeConfirm', { name: r.name })}
              onConfirm={() => act(() => systemDistrictsRemove({ ids: r.code }))}
            />
          )}
        </Space>
      ),
    },
  ];

  // The export follows the screen: the search results, or else the cities of the opened province.
  const exportParams = searching
    ? { name: keyword.trim() }
    : { parentCode: rows.length === 1 && rows[0]!.children?.length ? rows[0]!.code : undefined };
  const parent = editor.parent ?? null;
  const prefix = parent ? parent.code.slice(0, parent.level * 2) : '';

  return (
    <PageHeaderWrapper title={t('district.title')} description={t('district.description')}>
      <ProCard
        title={
          <Input.Search
            allowClear
            placeholder={t('district.searchPlaceholder')}
            style={{ width: 320 }}
            onSearch={(v) => void search(v)}
            data-testid="district-search"
          />
        }
        extra={
          <Space>
            <ExportButton
              exportCall={systemDistrictsExport}
              params={exportParams}
              fileName={t('district.title')}
              perm="system:district:list"
            />
            <Button icon={<ReloadOutlined />} onClick={() => void loadTop()}>
              {t('common.reload')}
            </Button>
          </Space>
        }
      >
        <Table<Row>
          rowKey="code"
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={rows}
          pagination={false}
          expandable={{
            expandedRowKeys: expanded,
            onExpandedRowsChange: (keys) => setExpanded(keys),
            onExpand: (open, row) => {
              if (open) void openRow(row);
            },
          }}
          data-testid="district-table"
        />
      </ProCard>
      <EditorModal<SystemDistrictsSaveBody>
        title={editor.editing ? t('district.editTitle') : t('district.addTitle', { parent: parent?.name ?? '' })}
        editor={editor}
        onSaved={refresh}
        initialValues={
          editor.editing
            ? {
                code: editor.editing.code,
                name: editor.editing.name,
                area: editor.editing.area,
                orderNum: editor.editing.orderNum,
              }
            : { parentCode: parent?.code, area: parent?.area ?? undefined, orderNum: 0, code: prefix }
        }
        testId="district-modal"
        onSubmit={(v) =>
          editor.editing
            ? systemDistrictsUpdate({ code: editor.editing.code, name: v.name, area: v.area, orderNum: v.orderNum })
            : systemDistrictsSave({ ...v, parentCode: parent ? parent.code : v.parentCode })
        }
      >
        <ProFormText
          name="code"
          label={t('district.code')}
          disabled={!!editor.editing}
          tooltip={parent ? t('district.codeHint', { prefix }) : undefined}
          rules={[
            ...rules.required(t('district.code')),
            { pattern: /^\d{6}(\d{3}(\d{3})?)?$/, message: t('district.codePattern') },
          ]}
          fieldProps={{ 'data-testid': 'form-code' }}
        />
        <ProFormText
          name="name"
          label={t('district.name')}
          rules={[...rules.required(t('district.name')), rules.max(t('district.name'), 64)]}
          fieldProps={{ 'data-testid': 'form-name' }}
        />
        <ProFormSelect
          name="area"
          label={t('district.area')}
          tooltip={t('district.areaHint')}
          options={areaOptions}
          allowClear
        />
        <ProFormDigit name="orderNum" label={t('district.orderNum')} min={0} max={9999} fieldProps={{ precision: 0 }} />
      </EditorModal>
    </PageHeaderWrapper>
  );
}

/** 菜单权限: the menu tree with its type, permission key, route and state; add, edit and delete (with confirmation). */
import { useCallback, useMemo, useRef, useState, type Key } from 'react';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { NodeCollapseOutlined, NodeExpandOutlined, PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import AuthButton from '@/components/AuthButton';
import { ExportButton } from '@/components/ExcelButtons';
import { menuIcon } from '@/layouts/BasicLayout/icons';
import { listMenus, removeMenu, type MenuQuery, type SysMenu } from '@/services/systemMenu';
import MenuEditor from './MenuEditor';
import { NS, RemoveLink, treeKeys, useAction, useStatusEnum } from './kit';

const TYPE_COLORS = { M: 'gold', C: 'blue', F: 'default' } as const;

export default function PermissionList() {
  const { t } = useTranslation(NS);
  const actionRef = useRef<ActionType>(null);
  const [menus, setMenus] = useState<SysMenu[]>([]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [query, setQuery] = useState<MenuQuery>({});
  const [editor, setEditor] = useState<{ open: boolean; editing: SysMenu | null; parentId: number }>({ open: false, editing: null, parentId: 0 });
  const reload = useCallback(() => void actionRef.current?.reload(), []);
  const act = useAction(reload);
  const statusEnum = useStatusEnum();

  const columns: ProColumns<SysMenu>[] = useMemo(() => [
    {
      title: t('menu.menuName'),
      dataIndex: 'menuName',
      width: 260,
      fieldProps: { 'data-testid': 'search-menuName' },
      render: (_d, r) => (
        <Space size={6}>
          {menuIcon(r.icon)}
          <span>{r.menuName}</span>
        </Space>
      ),
    },
    {
      title: t('menu.menuType'),
      dataIndex: 'menuType',
      width: 90,
      valueType: 'select',
      valueEnum: { M: { text: t('menu.typeM') }, C: { text: t('menu.typeC') }, F: { text: t('menu.typeF') } },
      render: (_d, r) => <Tag color={TYPE_COLORS[r.menuType]}>{t(`menu.type${r.menuType}`)}</Tag>,
    },
    { title: t('menu.menuKey'), dataIndex: 'menuKey', copyable: true, ellipsis: true, fieldProps: { 'data-testid': 'search-menuKey' } },
    { title: t('menu.path'), dataIndex: 'path', ellipsis: true, search: false },
    { title: t('menu.component'), dataIndex: 'component', ellipsis: true, search: false },
    { title: t('menu.orderNum'), dataIndex: 'orderNum', width: 70, search: false },
    {
      title: t('menu.visible'),
      dataIndex: 'visible',
      width: 80,
      search: false,
      render: (_d, r) => (r.menuType === 'F' ? '-' : r.visible === '1' ? <Tag>{t('menu.hidden')}</Tag> : <Tag color="green">{t('menu.shown')}</Tag>),
    },
    { title: t('menu.status'), dataIndex: 'status', width: 90, valueType: 'select', valueEnum: statusEnum },
    {
      title: t('common.action'),
      valueType: 'option',
      width: 170,
      render: (_d, r) => [
        r.menuType !== 'F' ? (
          <AuthButton key="add" perm="system:menu:add">
            <a onClick={() => setEditor({ open: true, editing: null, parentId: r.menuId })} data-testid="row-add-child">{t('common.addChild')}</a>
          </AuthButton>
        ) : null,
        <AuthButton key="edit" perm="system:menu:edit">
          <a onClick={() => setEditor({ open: true, editing: r, parentId: r.parentId })} data-testid="row-edit">{t('common.edit')}</a>
        </AuthButton>,
        <RemoveLink
          key="remove"
          perm="system:menu:remove"
          title={r.children?.length ? t('menu.removeHasChildren') : t('menu.removeConfirm', { name: r.menuName })}
          onConfirm={() => act(() => removeMenu(r.menuId))}
        />,
      ],
    },
  ], [act, statusEnum, t]);

  return (
    <PageHeaderWrapper title={t('menu.title')} description={t('menu.description')}>
      <ProTable<SysMenu, MenuQuery>
        rowKey="menuId"
        actionRef={actionRef}
        columns={columns}
        pagination={false}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys) }}
        request={async (params) => {
          const { menuName, menuKey, status, menuType } = params;
          setQuery({ menuName, menuKey, status, menuType });
          const res = await listMenus({ menuName, menuKey, status, menuType });
          const data = res.data ?? [];
          setMenus(data);
          // A search shows its matches opened up; the plain tree starts with the top level open.
          setExpanded(menuName || menuKey || status || menuType ? treeKeys(data, (m) => m.menuId) : []);
          return { data, success: res.code === 0 };
        }}
        data-testid="menu-table"
        headerTitle={<Typography.Text type="secondary">{t('menu.hint')}</Typography.Text>}
        toolBarRender={() => [
          <Tooltip key="expand" title={t('common.expandAll')}>
            <Button icon={<NodeExpandOutlined />} onClick={() => setExpanded(treeKeys(menus, (m) => m.menuId))} data-testid="expand-all" />
          </Tooltip>,
          <Tooltip key="collapse" title={t('common.collapseAll')}>
            <Button icon={<NodeCollapseOutlined />} onClick={() => setExpanded([])} />
          </Tooltip>,
          <AuthButton key="add" perm="system:menu:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true, editing: null, parentId: 0 })} data-testid="menu-add">
              {t('common.add')}
            </Button>
          </AuthButton>,
          <ExportButton key="export" url="/menu/export" params={{ ...query }} fileName={t('menu.title')} perm="system:menu:list" />,
        ]}
      />
      <MenuEditor
        open={editor.open}
        editing={editor.editing}
        parentId={editor.parentId}
        menus={menus}
        onClose={() => setEditor((e) => ({ ...e, open: false }))}
        onSaved={reload}
      />
    </PageHeaderWrapper>
  );
}

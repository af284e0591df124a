/** 菜单权限: the menu tree with its type, permission key, route and state; add, edit and delete (with confirmation). */
import { useState } from 'react';
import { Space, Tag, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import {
  AddButton,
  AdminTable,
  EditLink,
  RemoveLink,
  RowLink,
  useAction,
  useAdminColumns,
  useEditor,
  useTreeTable,
} from '@/components/AdminKit';
import { ExportButton } from '@/components/ExcelButtons';
import { menuIcon } from '@/layouts/BasicLayout/icons';
import { menuExport, menuList, menuRemove } from '@/services/generated/api';
import type { MenuListParams, MenuNode as SysMenu } from '@/services/generated/api.schemas';
import { SYS_DATA } from '../namespaces';
import { menuLabel } from '../menuLabel';

type MenuQuery = Omit<MenuListParams, 'flat'>;
import MenuEditor from './MenuEditor';

const TYPE_COLORS = { M: 'gold', C: 'blue', F: 'default' } as const;

export default function PermissionList() {
  const { t } = useTranslation(SYS_DATA);
  const cols = useAdminColumns<SysMenu>();
  const tree = useTreeTable<SysMenu>((m) => m.menuId);
  const act = useAction(tree.reload);
  const editor = useEditor<SysMenu, number>();
  const [query, setQuery] = useState<MenuQuery>({});

  const columns: ProColumns<SysMenu>[] = [
    {
      title: t('menu.menuName'),
      dataIndex: 'menuName',
      width: 260,
      fieldProps: { 'data-testid': 'search-menuName' },
      render: (_d, r) => (
        <Space size={6}>
          {menuIcon(r.icon)}
          <span title={r.menuName}>{menuLabel(t, r)}</span>
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
    {
      title: t('menu.menuKey'),
      dataIndex: 'menuKey',
      copyable: true,
      ellipsis: true,
      fieldProps: { 'data-testid': 'search-menuKey' },
    },
    { title: t('menu.path'), dataIndex: 'path', ellipsis: true, search: false },
    { title: t('menu.component'), dataIndex: 'component', ellipsis: true, search: false },
    { title: t('menu.orderNum'), dataIndex: 'orderNum', width: 70, search: false },
    {
      title: t('menu.visible'),
      dataIndex: 'visible',
      width: 80,
      search: false,
      render: (_d, r) =>
        r.menuType === 'F' ? (
          '-'
        ) : r.visible === '1' ? (
          <Tag>{t('menu.hidden')}</Tag>
        ) : (
          <Tag color="green">{t('menu.shown')}</Tag>
        ),
    },
    cols.status({ title: t('menu.status'), width: 90 }),
    cols.action(170, (r) => [
      r.menuType !== 'F' ? (
        <RowLink key="add" perm="system:menu:add" onClick={() => editor.create(r.menuId)} testId="row-add-child">
          {t('common.addChild')}
        </RowLink>
      ) : null,
      <EditLink key="edit" perm="system:menu:edit" onClick={() => editor.edit(r, r.parentId)} />,
      <RemoveLink
        key="remove"
        perm="system:menu:remove"
        title={r.children?.length ? t('menu.removeHasChildren') : t('menu.removeConfirm', { name: menuLabel(t, r) })}
        onConfirm={() => act(() => menuRemove(r.menuId))}
      />,
    ]),
  ];

  return (
    <PageHeaderWrapper title={t('menu.title')} description={t('menu.description')}>
      <AdminTable<SysMenu, MenuQuery>
        rowKey="menuId"
        actionRef={tree.actionRef}
        columns={columns}
        pagination={false}
        expandable={tree.expandable}
        request={async (params) => {
          const { menuName, menuKey, status, menuType } = params;
          setQuery({ menuName, menuKey, status, menuType });
          const res = await menuList({ menuName, menuKey, status, menuType });
          const data = res.data ?? [];
          // A search shows its matches opened up; the plain tree starts with the top level open.
          tree.loaded(data, !!(menuName || menuKey || status || menuType));
          return { data, success: res.code === 0 };
        }}
        testId="menu-table"
        headerTitle={<Typography.Text type="secondary">{t('menu.hint')}</Typography.Text>}
        toolBar={[
          ...tree.toggles,
          <AddButton key="add" perm="system:menu:add" onClick={() => editor.create(0)} testId="menu-add" />,
          <ExportButton
            key="export"
            exportCall={menuExport}
            params={{ ...query }}
            fileName={t('menu.title')}
            perm="system:menu:list"
          />,
        ]}
      />
      <MenuEditor editor={editor} menus={tree.rows} onSaved={tree.reload} />
    </PageHeaderWrapper>
  );
}

/** Create/edit form of a menu: the fields a directory (M), page (C) or button (F) needs. */
import { useMemo } from 'react';
import { Space } from 'antd';
import {
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTreeSelect,
} from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '@/layouts/BasicLayout/icons';
import { menuSave, menuUpdate } from '@/services/generated/api';
import type { MenuNode as SysMenu, MenuSaveBody } from '@/services/generated/api.schemas';
import { EditorModal, STATUS_CODE, useRules, useStatusOptions, type EditorProps } from '@/components/AdminKit';
import { SYS_DATA } from '../namespaces';

/** Icons the side menu can draw (see layouts/BasicLayout/icons). */
export const MENU_ICONS = [
  'HomeOutlined',
  'DashboardOutlined',
  'AppstoreOutlined',
  'SettingOutlined',
  'TeamOutlined',
  'UserOutlined',
  'IdcardOutlined',
  'SafetyCertificateOutlined',
  'AuditOutlined',
  'FileAddOutlined',
  'FileTextOutlined',
  'FileDoneOutlined',
  'FileSearchOutlined',
  'FormOutlined',
  'ProfileOutlined',
  'SolutionOutlined',
  'PrinterOutlined',
  'ReadOutlined',
  'BookOutlined',
  'SearchOutlined',
  'BarChartOutlined',
  'BranchesOutlined',
  'ClusterOutlined',
  'ContainerOutlined',
  'DatabaseOutlined',
  'DesktopOutlined',
  'FolderOutlined',
  'TableOutlined',
  'ScheduleOutlined',
  'CheckSquareOutlined',
  'SwapOutlined',
  'BankOutlined',
  'BellOutlined',
  'MailOutlined',
  'LinkOutlined',
  'LockOutlined',
  'ToolOutlined',
  'WarningOutlined',
] as const;

interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

/** Directories and pages as parent choices; the edited menu and its branch cannot be chosen. */
function parentOptions(menus: SysMenu[], selfId: number | undefined): TreeOption[] {
  return menus
    .filter((m) => m.menuType !== 'F')
    .map((m) => {
      const self = m.menuId === selfId;
      const children = self ? [] : parentOptions(m.children ?? [], selfId);
      return { value: m.menuId, title: m.menuName, disabled: self, ...(children.length ? { children } : {}) };
    });
}

/** `editor.parent`: the menu a new one goes under (0: top level). */
export default function MenuEditor({ editor, onSaved, menus }: EditorProps<SysMenu, number> & { menus: SysMenu[] }) {
  const { editing } = editor;
  const parentId = editor.parent ?? 0;
  const { t } = useTranslation(SYS_DATA);
  const rules = useRules();
  const statusOptions = useStatusOptions();
  const tree = useMemo(
    () => [{ value: 0, title: t('menu.root'), children: parentOptions(menus, editing?.menuId) }],
    [menus, editing, t],
  );
  // A stored directory may have no key yet: the field starts empty (the form requires one).
  const initial: Partial<MenuSaveBody> = editing
    ? { ...editing, menuKey: editing.menuKey ?? undefined, target: editing.target ?? '' }
    : {
        parentId,
        menuType: parentId ? 'C' : 'M',
        visible: '0',
        status: STATUS_CODE.enabled,
        orderNum: 0,
        hiddenChildren: false,
        target: '',
      };

  return (
    <EditorModal<MenuSaveBody>
      title={editing ? t('menu.editTitle') : t('menu.addTitle')}
      editor={editor}
      onSaved={onSaved}
      initialValues={initial}
      width={720}
      testId="menu-modal"
      onSubmit={(v) => (editing ? menuUpdate({ ...v, menuId: editing.menuId }) : menuSave(v))}
    >
      <ProFormTreeSelect
        name="parentId"
        label={t('menu.parent')}
        rules={rules.required(t('menu.parent'), true)}
        fieldProps={
          {
            treeData: tree,
            treeDefaultExpandedKeys: [0],
            showSearch: true,
            treeNodeFilterProp: 'title',
            'data-testid': 'form-parentId',
          } as Record<string, unknown>
        }
      />
      <ProFormRadio.Group
        name="menuType"
        label={t('menu.menuType')}
        radioType="button"
        options={(['M', 'C', 'F'] as const).map((v) => ({ value: v, label: t(`menu.type${v}`) }))}
        fieldProps={{ 'data-testid': 'form-menuType' } as Record<string, unknown>}
      />
      <ProFormText
        name="menuName"
        label={t('menu.menuName')}
        rules={[...rules.required(t('menu.menuName')), rules.max(t('menu.menuName'), 64)]}
        fieldProps={{ 'data-testid': 'form-menuName' }}
      />
      <ProFormText
        name="menuKey"
        label={t('menu.menuKey')}
        tooltip={t('menu.menuKeyHint')}
        rules={[
          ...rules.required(t('menu.menuKey')),
          rules.max(t('menu.menuKey'), 100),
          { pattern: /^[A-Za-z][\w-]*(:[A-Za-z][\w-]*){1,2}$/, message: t('menu.menuKeyPattern') },
        ]}
        fieldProps={{ placeholder: 'system:user:list', 'data-testid': 'form-menuKey' }}
      />
      <ProFormDependency name={['menuType']}>
        {({ menuType }) =>
          menuType === 'F' ? null : (
            <>
              <ProFormText
                name="path"
                label={t('menu.path')}
                tooltip={t('menu.pathHint')}
                rules={[...rules.required(t('menu.path')), rules.max(t('menu.path'), 200)]}
                fieldProps={{ 'data-testid': 'form-path' }}
              />
              {menuType === 'C' && (
                <>
                  <ProFormText
                    name="component"
                    label={t('menu.component')}
                    tooltip={t('menu.componentHint')}
                    rules={[rules.max(t('menu.component'), 200)]}
                    fieldProps={{ placeholder: 'system/UserList', 'data-testid': 'form-component' }}
                  />
                  <ProFormText
                    name="name"
                    label={t('menu.routeName')}
                    tooltip={t('menu.routeNameHint')}
                    rules={[rules.max(t('menu.routeName'), 64)]}
                    fieldProps={{ placeholder: 'UserList' }}
                  />
                </>
              )}
              <ProFormSelect
                name="icon"
                label={t('menu.icon')}
                showSearch
                allowClear
                options={MENU_ICONS.map((name) => ({
                  value: name,
                  label: (
                    <Space>
                      {menuIcon(name)}
                      {name}
                    </Space>
                  ),
                }))}
                fieldProps={{ 'data-testid': 'form-icon' } as Record<string, unknown>}
              />
              <ProFormText
                name="redirect"
                label={t('menu.redirect')}
                tooltip={t('menu.redirectHint')}
                rules={[rules.max(t('menu.redirect'), 300)]}
              />
              <ProFormRadio.Group
                name="target"
                label={t('menu.target')}
                options={[
                  { value: '', label: t('menu.targetSelf') },
                  { value: '_blank', label: t('menu.targetBlank') },
                ]}
              />
              <ProFormRadio.Group
                name="visible"
                label={t('menu.visible')}
                options={[
                  { value: '0', label: t('menu.shown') },
                  { value: '1', label: t('menu.hidden') },
                ]}
              />
              {menuType === 'M' && <ProFormSwitch name="hiddenChildren" label={t('menu.hiddenChildren')} />}
            </>
          )
        }
      </ProFormDependency>
      <ProFormDigit name="orderNum" label={t('menu.orderNum')} min={0} max={9999} fieldProps={{ precision: 0 }} />
      <ProFormRadio.Group
        name="status"
        label={t('menu.status')}
        tooltip={t('menu.statusHint')}
        options={statusOptions}
      />
    </EditorModal>
  );
}

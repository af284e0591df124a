/** Menu permissions of a role: a checkable tree that ticks parents and children along (see menuTree.ts). */
import { useMemo } from 'react';
import { Button, Space, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { MenuOptionNode as MenuNode } from '@/services/generated/api.schemas';
import { allIds, indexTree, toggleMenu } from './menuTree';
import { SYS_USER as NS } from '../namespaces';
import { menuLabel } from '../menuLabel';

interface Node {
  key: number;
  title: string;
  children: Node[];
}
const toNodes = (t: TFunction, list: MenuNode[]): Node[] =>
  list.map((m) => {
    const label = menuLabel(t, { menuName: m.label, menuType: m.menuType, name: m.name });
    return {
      key: m.id,
      title: m.menuKey ? t('role.menuWithKey', { label, key: m.menuKey }) : label,
      children: toNodes(t, m.children),
    };
  });

export default function MenuTreeField({
  menus,
  value,
  onChange,
  disabled,
}: {
  menus: MenuNode[];
  value?: number[];
  onChange?: (ids: number[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation([NS, 'sysData']);
  const index = useMemo(() => indexTree(menus), [menus]);
  const treeData = useMemo(() => toNodes(t, menus), [t, menus]);
  const checked = value ?? [];
  return (
    <div>
      {!disabled && (
        <Space style={{ marginBottom: 8 }}>
          <Button size="small" onClick={() => onChange?.(allIds(index))}>
            {t('role.checkAll')}
          </Button>
          <Button size="small" onClick={() => onChange?.([])}>
            {t('role.checkNone')}
          </Button>
        </Space>
      )}
      <Tree<Node>
        checkable
        checkStrictly
        selectable={false}
        disabled={disabled}
        treeData={treeData}
        height={300}
        defaultExpandedKeys={treeData.map((n) => n.key)}
        checkedKeys={{ checked, halfChecked: [] }}
        onCheck={(_keys, info) => onChange?.(toggleMenu(index, checked, Number(info.node.key), info.checked))}
        style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}
        data-testid="menu-tree"
      />
    </div>
  );
}

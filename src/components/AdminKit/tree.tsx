/** Tree lists (menus, departments): every key for expand-all, and the expanded rows with their toolbar buttons. */
import { useCallback, useRef, useState, type Key } from 'react';
import { Button, Tooltip } from 'antd';
import { NodeCollapseOutlined, NodeExpandOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { useKitText } from './text';

/** Every key of a tree that has children (for expand all). */
export function treeKeys<T extends { children?: T[] }>(nodes: readonly T[] | undefined, keyOf: (n: T) => Key): Key[] {
  return (nodes ?? []).flatMap((n) => (n.children?.length ? [keyOf(n), ...treeKeys(n.children, keyOf)] : []));
}

/**
 * A whole tree loaded at once into a ProTable: its rows (for the editor's parent choices), the
 * expanded keys, and the 全部展开 / 全部折叠 buttons.
 */
export function useTreeTable<T extends { children?: T[] }>(keyOf: (n: T) => Key) {
  const t = useKitText();
  const actionRef = useRef<ActionType>(null);
  const [rows, setRows] = useState<T[]>([]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const keyRef = useRef(keyOf);
  keyRef.current = keyOf;
  const reload = useCallback(() => void actionRef.current?.reload(), []);
  /** Keeps the loaded rows; `open` expands all of them (else all closed). */
  const loaded = useCallback((data: T[], open: boolean) => {
    setRows(data);
    setExpanded(open ? treeKeys(data, keyRef.current) : []);
  }, []);
  const toggles = [
    <Tooltip key="expand" title={t('admin.expandAll')}>
      <Button
        icon={<NodeExpandOutlined />}
        onClick={() => setExpanded(treeKeys(rows, keyRef.current))}
        data-testid="expand-all"
      />
    </Tooltip>,
    <Tooltip key="collapse" title={t('admin.collapseAll')}>
      <Button icon={<NodeCollapseOutlined />} onClick={() => setExpanded([])} />
    </Tooltip>,
  ];
  return {
    actionRef,
    rows,
    reload,
    loaded,
    toggles,
    expandable: { expandedRowKeys: expanded, onExpandedRowsChange: (keys: readonly Key[]) => setExpanded(keys) },
  };
}

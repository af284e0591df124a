/** The departments of a custom data scope (dataScope '2'): a checkable tree, each department on its own. */
import { Tree } from 'antd';
import type { DeptOptionNode as DeptNode } from '@/services/generated/api.schemas';

interface Node {
  key: number;
  title: string;
  children: Node[];
}
const toNodes = (list: DeptNode[]): Node[] =>
  list.map((d) => ({ key: d.id, title: d.label, children: toNodes(d.children) }));

export default function DeptTreeField({
  depts,
  value,
  onChange,
}: {
  depts: DeptNode[];
  value?: number[];
  onChange?: (ids: number[]) => void;
}) {
  return (
    <Tree<Node>
      checkable
      checkStrictly
      defaultExpandAll
      selectable={false}
      treeData={toNodes(depts)}
      checkedKeys={{ checked: value ?? [], halfChecked: [] }}
      onCheck={(keys) => onChange?.((Array.isArray(keys) ? keys : keys.checked).map(Number))}
      style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 8, maxHeight: 240, overflow: 'auto' }}
      data-testid="dept-tree"
    />
  );
}

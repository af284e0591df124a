/** Create/edit form of a department: parent, name, data-scope area, leader, phone, order, state. */
import { useMemo } from 'react';
import { ProFormDigit, ProFormRadio, ProFormSelect, ProFormText, ProFormTreeSelect } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { systemDeptSave, systemDeptUpdate } from '@/services/generated/api';
import type { DeptNode as SysDept, SystemDeptSaveBody } from '@/services/generated/api.schemas';
import {
  EditorModal,
  STATUS_CODE,
  useAreaOptions,
  useRules,
  useStatusOptions,
  type EditorProps,
} from '@/components/AdminKit';
import { SYS_DATA } from '../namespaces';

interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

/** Departments as parent choices; the edited one and its branch cannot be chosen. */
function parentOptions(depts: SysDept[], selfId: number | undefined, disabledMark: string): TreeOption[] {
  return depts.map((d) => {
    const self = d.deptId === selfId;
    const children = self ? [] : parentOptions(d.children ?? [], selfId, disabledMark);
    return {
      value: d.deptId,
      title: d.enabled ? d.deptName : `${d.deptName} ${disabledMark}`,
      disabled: self,
      ...(children.length ? { children } : {}),
    };
  });
}

/** `editor.parent`: the department a new one goes under. */
export default function DeptEditor({ editor, onSaved, depts }: EditorProps<SysDept, number> & { depts: SysDept[] }) {
  const { editing } = editor;
  const parentId = editor.parent ?? 0;
  const { t } = useTranslation(SYS_DATA);
  const rules = useRules();
  const areaOptions = useAreaOptions();
  const statusOptions = useStatusOptions();
  const tree = useMemo(() => parentOptions(depts, editing?.deptId, t('dept.disabledMark')), [depts, editing, t]);
  const isRoot = editing?.parentId === 0;
  const initial: Partial<SystemDeptSaveBody> = editing
    ? { ...editing }
    : { parentId: parentId || undefined, status: STATUS_CODE.enabled, orderNum: 0 };
  return (
    <EditorModal<SystemDeptSaveBody>
      title={editing ? t('dept.editTitle') : t('dept.addTitle')}
      editor={editor}
      onSaved={onSaved}
      initialValues={initial}
      testId="dept-modal"
      onSubmit={(v) =>
        editing
          ? systemDeptUpdate({ ...v, deptId: editing.deptId, parentId: isRoot ? 0 : v.parentId })
          : systemDeptSave(v)
      }
    >
      {!isRoot && (
        <ProFormTreeSelect
          name="parentId"
          label={t('dept.parent')}
          rules={rules.required(t('dept.parent'), true)}
          fieldProps={
            {
              treeData: tree,
              treeDefaultExpandAll: true,
              showSearch: true,
              treeNodeFilterProp: 'title',
              'data-testid': 'form-parentId',
            } as Record<string, unknown>
          }
        />
      )}
      <ProFormText
        name="deptName"
        label={t('dept.deptName')}
        rules={[...rules.required(t('dept.deptName')), rules.max(t('dept.deptName'), 100)]}
        fieldProps={{ 'data-testid': 'form-deptName' }}
      />
      <ProFormSelect
        name="area"
        label={t('dept.area')}
        tooltip={t('dept.areaHint')}
        allowClear
        options={areaOptions}
        fieldProps={{ 'data-testid': 'form-area' } as Record<string, unknown>}
      />
      <ProFormText name="leader" label={t('dept.leader')} rules={[rules.max(t('dept.leader'), 50)]} />
      <ProFormText
        name="phone"
        label={t('dept.phone')}
        rules={[{ pattern: /^$|^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/, message: t('dept.phonePattern') }]}
        fieldProps={{ placeholder: '020-83300000', 'data-testid': 'form-phone' }}
      />
      <ProFormDigit name="orderNum" label={t('dept.orderNum')} min={0} max={9999} fieldProps={{ precision: 0 }} />
      <ProFormRadio.Group name="status" label={t('dept.status')} options={statusOptions} />
    </EditorModal>
  );
}

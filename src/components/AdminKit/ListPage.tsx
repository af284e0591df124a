/**
 * A whole administration list page: the header, an optional notice above the table, the table with
 * its 新增 button, extra tools and 导出 (of the last search), then the page's own modals.
 */
import type { ReactNode } from 'react';
import { Alert } from 'antd';
import type { ParamsType } from '@ant-design/pro-components';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { ExportButton, type ExportButtonProps } from '@/components/ExcelButtons';
import { AddButton } from './links';
import { AdminTable, type AdminTableProps } from './list';

/** The toolbar of a list: 新增, the page's tools, 导出 of the last search. */
export interface ToolBarProps {
  /** The 新增 button (a different word or icon where the page sends rather than adds); `onAdd` is what it does. */
  add?: { perm: string; testId: string; label?: ReactNode; icon?: ReactNode };
  onAdd?: () => void;
  /** Tools between 新增 and 导出. */
  tools?: ReactNode[];
  /** 导出 of the last search (params: what the export needs besides it; fileName: the title by default). */
  exportTo?: {
    call: ExportButtonProps['exportCall'];
    perm: string;
    params?: Record<string, unknown>;
    fileName?: string;
  };
}

export function toolBarOf(
  { add, onAdd, tools = [], exportTo }: ToolBarProps,
  lastQuery: Record<string, unknown> | undefined,
  title: string,
): ReactNode[] {
  return [
    add && onAdd ? (
      <AddButton key="add" perm={add.perm} onClick={onAdd} testId={add.testId} icon={add.icon}>
        {add.label}
      </AddButton>
    ) : null,
    ...tools,
    exportTo ? (
      <ExportButton
        key="export"
        exportCall={exportTo.call}
        params={{ ...lastQuery, ...exportTo.params }}
        fileName={exportTo.fileName ?? title}
        perm={exportTo.perm}
      />
    ) : null,
  ];
}

export type ListPageProps<T extends ParamsType, Q extends ParamsType> = Omit<
  AdminTableProps<T, Q>,
  'toolBar' | 'title'
> &
  ToolBarProps & {
    title: string;
    description?: ReactNode;
    /** An information line above the table (retention, what the page records…). */
    notice?: ReactNode;
    children?: ReactNode;
  };

export default function ListPage<T extends ParamsType, Q extends ParamsType = ParamsType>({
  title,
  description,
  notice,
  add,
  onAdd,
  tools,
  exportTo,
  children,
  list,
  ...table
}: ListPageProps<T, Q>) {
  return (
    <PageHeaderWrapper title={title} description={description}>
      {notice && <Alert type="info" showIcon message={notice} style={{ marginBottom: 16 }} />}
      <AdminTable<T, Q>
        list={list}
        toolBar={toolBarOf({ add, onAdd, tools, exportTo }, list?.lastQuery, title)}
        {...table}
      />
      {children}
    </PageHeaderWrapper>
  );
}

/**
 * A whole administration list page: the header, an optional notice above the table, the table with
 * its 新增 button, extra tools and 导出 (of the last search), then the page's own modals.
 */
import type { ReactNode } from 'react';
import { Alert } from 'antd';
import type { ParamsType } from '@ant-design/pro-components';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { ExportButton } from '@/components/ExcelButtons';
import { AddButton } from './links';
import { AdminTable, type AdminTableProps } from './list';

export interface ListPageProps<T extends ParamsType, Q extends ParamsType> extends Omit<AdminTableProps<T, Q>, 'toolBar' | 'title'> {
  title: string;
  description?: ReactNode;
  /** An information line above the table (retention, what the page records…). */
  notice?: ReactNode;
  /** The 新增 button (a different word or icon where the page sends rather than adds). */
  add?: { perm: string; testId: string; onClick: () => void; label?: ReactNode; icon?: ReactNode };
  /** Tools between 新增 and 导出. */
  tools?: ReactNode[];
  /** 导出 of the last search (params: what the export needs besides it). */
  exportTo?: { url: string; perm: string; params?: Record<string, unknown>; fileName?: string };
  children?: ReactNode;
}

export default function ListPage<T extends ParamsType, Q extends ParamsType = ParamsType>({
  title, description, notice, add, tools = [], exportTo, children, list, ...table
}: ListPageProps<T, Q>) {
  const toolBar = [
    add ? <AddButton key="add" perm={add.perm} onClick={add.onClick} testId={add.testId} icon={add.icon}>{add.label}</AddButton> : null,
    ...tools,
    exportTo ? (
      <ExportButton key="export" url={exportTo.url} params={{ ...list?.lastQuery, ...exportTo.params }} fileName={exportTo.fileName ?? title} perm={exportTo.perm} />
    ) : null,
  ];
  return (
    <PageHeaderWrapper title={title} description={description}>
      {notice && <Alert type="info" showIcon message={notice} style={{ marginBottom: 16 }} />}
      <AdminTable<T, Q> list={list} toolBar={toolBar} {...table} />
      {children}
    </PageHeaderWrapper>
  );
}

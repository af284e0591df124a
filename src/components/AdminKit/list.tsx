/**
 * The preamble every administration list shares: the ProTable wiring (actionRef, SPEC 9 pagination,
 * the request adapter, the last search for the Excel export, reload), the table with the house
 * defaults, and the state of a create/edit editor.
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ProTable, type ActionType, type ParamsType, type ProTableProps } from '@ant-design/pro-components';
import { tableRequest, useTablePagination } from '@/components/ProTableKit';
import { searchOnly } from '@/components/ProTableKit/search';
import type { ListResult } from '@/services/request';

export type Paged<Q> = Q & { pageNum: number; pageSize: number };

/** ProTable wiring for one paged list; `fetch` may change between renders (the latest one is called). */
export function useListPage<T, Q extends object>(
  fetch: (q: Paged<Q>) => Promise<ListResult<T>>,
  onReload?: () => void,
) {
  const actionRef = useRef<ActionType>(null);
  const pagination = useTablePagination();
  const [lastQuery, setLastQuery] = useState<Record<string, unknown>>({});
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;
  const onReloadRef = useRef(onReload);
  onReloadRef.current = onReload;
  const request = useMemo(
    () =>
      tableRequest<T, Q>((q) => {
        setLastQuery(searchOnly(q as Record<string, unknown>));
        return fetchRef.current(q);
      }, actionRef),
    [],
  );
  const reload = useCallback(() => {
    onReloadRef.current?.();
    void actionRef.current?.reload();
  }, []);
  return { actionRef, pagination, request, lastQuery, reload };
}

export type ListWiring<T, Q extends object> = ReturnType<typeof useListPage<T, Q>>;

export type AdminTableProps<T extends ParamsType, Q extends ParamsType> = Omit<ProTableProps<T, Q>, 'toolBarRender'> & {
  /** The list's wiring from useListPage (a tree list passes actionRef and request itself). */
  list?: ListWiring<T, Q>;
  testId: string;
  toolBar?: ReactNode[];
};

/** ProTable with the house defaults: search labels sized to fit, reload only in the options. */
export function AdminTable<T extends ParamsType, Q extends ParamsType = ParamsType>({
  list,
  testId,
  toolBar,
  ...rest
}: AdminTableProps<T, Q>) {
  return (
    <ProTable<T, Q>
      actionRef={list?.actionRef}
      request={list?.request as ProTableProps<T, Q>['request']}
      pagination={list?.pagination}
      search={{ labelWidth: 'auto' }}
      options={{ density: false, setting: false, reload: true }}
      toolBarRender={toolBar ? () => toolBar : undefined}
      {...rest}
      {...({ 'data-testid': testId } as Record<string, unknown>)}
    />
  );
}

export interface EditorState<R, P = undefined> {
  open: boolean;
  editing: R | null;
  parent: P | undefined;
  create: (parent?: P) => void;
  edit: (row: R, parent?: P) => void;
  close: () => void;
}

/** What a page's own create/edit modal gets from its list: the editor's state and the reload after saving. */
export interface EditorProps<R, P = undefined> {
  editor: EditorState<R, P>;
  onSaved: () => void;
}

/**
 * Which record the create/edit editor shows (null: a new one), whether it is open, and for tree
 * lists the parent the new or moved record goes under.
 */
export function useEditor<R, P = undefined>(): EditorState<R, P> {
  const [state, setState] = useState<{ open: boolean; editing: R | null; parent: P | undefined }>({
    open: false,
    editing: null,
    parent: undefined,
  });
  return {
    open: state.open,
    editing: state.editing,
    parent: state.parent,
    create: useCallback((parent?: P) => setState({ open: true, editing: null, parent }), []),
    edit: useCallback((row: R, parent?: P) => setState({ open: true, editing: row, parent }), []),
    close: useCallback(() => setState((s) => ({ ...s, open: false })), []),
  };
}

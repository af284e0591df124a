/** Everything a create/edit/remove list page starts with: the list wiring, its columns, the editor state and the remove call. */
import { useAdminColumns } from './columns';
import { useRemove } from './feedback';
import { useEditor, useListPage, type Paged } from './list';
import type { ListResult } from '@/services/request';

export function useAdminList<T, Q extends object>(
  fetch: (q: Paged<Q>) => Promise<ListResult<T>>,
  onReload?: () => void,
) {
  const list = useListPage<T, Q>(fetch, onReload);
  return { list, cols: useAdminColumns<T>(), editor: useEditor<T>(), remove: useRemove(list.reload) };
}

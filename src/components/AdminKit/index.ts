/**
 * One kit for every administration page (src/pages/system): editors, server errors on form fields,
 * confirmed links, the list preamble, status and area display, and the four-eyes review tabs.
 * Its texts are in the common namespace (`admin.*`); pages keep their own words in their namespace.
 */
export { default as ActionModal } from './ActionModal';
export { default as EditorModal } from './EditorModal';
export { default as ListPage, type ListPageProps } from './ListPage';
export { useAction, useRemove, useServerError, useSubmit } from './feedback';
export { AddButton, ConfirmLink, EditLink, RemoveLink, RowLink } from './links';
export {
  AdminTable,
  useEditor,
  useListPage,
  type EditorProps,
  type EditorState,
  type ListWiring,
  type Paged,
} from './list';
export { OUTCOME_CODE, OutcomeBadge, useAdminColumns } from './columns';
export { AreaTag, useAreaEnum, useAreaOptions } from './area';
export { enumOptions, useDictEnum, type DictEnum } from '@/components/dict';
export { useRules } from './rules';
export { useAdminList } from './useAdminList';
export {
  STATUS_CODE,
  StatusCell,
  StatusSwitch,
  StatusTag,
  statusCode,
  useStatusEnum,
  useStatusOptions,
  type StatusCode,
} from './status';
export { treeKeys, useTreeTable } from './tree';
export { KIT_NS, useKitText } from './text';
export { dateRangeColumn, searchOnly } from '@/components/ProTableKit/search';
export { default as CheckStatusTag } from './review/CheckStatusTag';
export type { CheckStatus, DiffRow, PendingInfo, ReviewDetail } from './review/types';
export { default as ReviewModal } from './review/ReviewModal';
export {
  default as EffectPanel,
  everyWarningChosen,
  type ChangeEffect,
  type ReviewWarningCode,
} from './review/EffectPanel';
export {
  default as ReviewTabsPage,
  ReviewLink,
  useCheckStatusColumn,
  useReviewedList,
  type ReviewCalls,
  type ReviewedList,
} from './review/ReviewTabsPage';

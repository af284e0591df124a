/**
 * Workflow API (DESIGN "The machines"): the queues, one application with its history and the
 * events the calling user may send, sending an event, the machine definition, and the comment
 * presets of the review dictionaries. The server alone decides; the client renders allowedEvents.
 */
import { get, post, type ApiResult, type ListResult } from './request';

/** Queue views of the case-handling menu plus the two printing queues. */
export type QueueName = 'waitAccept' | 'accepted' | 'waitReview' | 'reviewed' | 'printWait' | 'printDone' | 'mine';

/** Workflow steps (SPEC 4): 受理 承办 初审 审核 审批 办结. */
export type StepCode = 'sl' | 'cb' | 'cs' | 'sh' | 'sp' | 'bj';

/** Application status (SPEC 4 applyStatusOpts). */
export type ApplyStatus = 0 | 1 | 2 | 3 | 4 | 8;

/** Event types of the application machine. */
export type WorkflowEventType =
  | 'SAVE'
  | 'SUBMIT'
  | 'DELETE'
  | 'CONFIRM'
  | 'DECLINE'
  | 'WITHDRAW'
  | 'AGREE'
  | 'DISAGREE'
  | 'RETURN';

/** One row of a queue. Dates are ISO strings; deadline YYYY-MM-DD; daysLeft negative = overdue. */
export interface QueueRow {
  id: number;
  applyNo: string;
  businessType: string;
  businessLabel: string;
  status: ApplyStatus;
  statusLabel: string;
  step: StepCode | null;
  stepLabel: string | null;
  version: number;
  applicantName: string | null;
  holderName: string | null;
  certNo: string | null;
  area: string | null;
  submittedAt: string | null;
  acceptedAt: string | null;
  deadline: string | null;
  daysLeft: number | null;
  updatedAt: string | null;
  /** event types the calling user may send now (the server's answer; pages render exactly these) */
  allowedEvents: string[];
}

/** One history row: every transition of the machine. resultCode 0 disagree, 1 agree, 3 withdraw, 4 return. */
export interface HistoryRow {
  id: number;
  version: number;
  event: string;
  resultCode: 0 | 1 | 3 | 4 | null;
  resultLabel: string | null;
  step: StepCode | null;
  stepLabel: string | null;
  actorName: string | null;
  roleKey: string | null;
  comment: string | null;
  fromState: string;
  toState: string;
  createdAt: string;
}

/** The route of a business type as machine input: middle steps and the holder's confirmation. */
export interface WorkflowRoute {
  middleSteps: string[];
  personCheck: boolean;
}

/** One application as GET /workflow/{id} returns it. */
export interface ApplicationDetail extends QueueRow {
  /** XState state value, e.g. "submitted" or {"inReview":"cs"} */
  stateValue: unknown;
  outcome: 'approved' | 'denied' | null;
  payload: Record<string, unknown>;
  route: WorkflowRoute;
  history: HistoryRow[];
}

export interface QueueQuery {
  businessType?: string;
  pageNum: number;
  pageSize: number;
  beginTime?: string;
  endTime?: string;
  keyword?: string;
}

export interface SendEventBody {
  type: string;
  comment?: string;
  version: number;
}

/** The machine definitions: the application machine (machine.toJSON()) and every route. */
export interface MachineDefinitions {
  application: unknown;
  routes: Record<string, { type?: string; label?: string; pageSuffix?: string; middleSteps: string[]; personCheck: boolean; printsCertificate?: boolean }>;
}

export interface DictOption {
  dictLabel: string;
  dictValue: string | number;
}

/** The comment dictionaries (presets of the review comment). */
export type CommentDictType = 'new_cert_comment' | 'nonew_cert_comment' | 'no_agree_comment';

/** 业务队列 GET /workflow/queue/{queue} */
export const listQueue = (queue: QueueName, q: QueueQuery) => get<ListResult<QueueRow>>(`/workflow/queue/${queue}`, q);

/** 办件详情 GET /workflow/{id} */
export const getApplication = (id: number | string) => get<ApiResult<ApplicationDetail>>(`/workflow/${id}`);

/** 办理（发送流程事件）POST /workflow/{id}/events */
export const sendWorkflowEvent = (id: number | string, body: SendEventBody) =>
  post<ApiResult<ApplicationDetail>>(`/workflow/${id}/events`, body);

/** 状态图定义 GET /workflow/machines */
export const getMachines = () => get<ApiResult<MachineDefinitions>>('/workflow/machines');

/** 审查意见字典 GET /system/dict/data/type?dictType= */
export const getCommentPresets = (dictType: CommentDictType) =>
  get<ApiResult<DictOption[]>>('/system/dict/data/type', { dictType });

/**
 * The workflow as the generated client answers it (DESIGN "The machines"). The server has one
 * operation per queue; this table lets a page name its queue, so the queue pages and the print
 * queues share one list call. The types are the generated ones under page-facing names.
 */
import {
  workflowQueueAccepted,
  workflowQueueMine,
  workflowQueuePrintDone,
  workflowQueuePrintWait,
  workflowQueueReviewed,
  workflowQueueWaitAccept,
  workflowQueueWaitReview,
  workflowBulkEvents,
} from './generated/api';
import { WorkflowBulkEventsBodyType } from './generated/api.schemas';
import type {
  WorkflowBulkEvents200,
  WorkflowBulkEventsBody,
  WorkflowEvents200,
  WorkflowGet200,
  WorkflowQueueWaitAccept200,
  WorkflowQueueWaitAcceptParams,
} from './generated/api.schemas';

/** One application as GET /workflow/{id} answers it. */
export type ApplicationDetail = WorkflowGet200['data'];
export type HistoryRow = ApplicationDetail['history'][number];
/** The answer to an event: the application now, with the one history row the event wrote (entry). */
export type TransitionAnswer = WorkflowEvents200['data'];

/** The detail after an event, from the detail before it and the event's answer (no other event came between: the version matched). */
export function detailAfter(before: ApplicationDetail, answer: TransitionAnswer): ApplicationDetail {
  const { entry, ...state } = answer;
  return { ...state, history: [...before.history.filter((h) => h.version < entry.version), entry] };
}
/** The route of a business type as machine input: middle steps and the holder's confirmation. */
export type WorkflowRoute = ApplicationDetail['route'];
/** One row of a queue (every queue answers the same row). */
export type QueueRow = WorkflowQueueWaitAccept200['rows'][number];
export type QueueQuery = WorkflowQueueWaitAcceptParams;

/** Queue views of the case-handling menu plus the two printing queues. */
export const QUEUES = {
  waitAccept: workflowQueueWaitAccept,
  accepted: workflowQueueAccepted,
  waitReview: workflowQueueWaitReview,
  reviewed: workflowQueueReviewed,
  printWait: workflowQueuePrintWait,
  printDone: workflowQueuePrintDone,
  mine: workflowQueueMine,
} satisfies Record<string, (q: QueueQuery) => Promise<WorkflowQueueWaitAccept200>>;

export type QueueName = keyof typeof QUEUES;

/** One page of a queue. */
export const listQueue = (queue: QueueName, q: QueueQuery): Promise<WorkflowQueueWaitAccept200> => QUEUES[queue](q);

/** A decision several rows may take together (the server's bulk events). */
export type BulkEvent = WorkflowBulkEventsBody['type'];
/** The events the bulk call takes (its schema's enum). */
export const BULK_EVENTS: readonly BulkEvent[] = Object.values(WorkflowBulkEventsBodyType);
/** One line of a bulk answer: what happened to one of the items. */
export type BulkLine = WorkflowBulkEvents200['data']['results'][number];

/** 批量办理 POST /workflow/bulk/events: the same event for each item, one answer per item. */
export const decideTogether = (body: WorkflowBulkEventsBody): Promise<WorkflowBulkEvents200> =>
  workflowBulkEvents(body);

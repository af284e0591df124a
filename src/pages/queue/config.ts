/**
 * The queue pages as data: component strings `queue/<View><Suffix>` (4 views × 9 business types)
 * resolve to one QueuePage configuration. Menu paths are /queue/<businessType>/<view>. The two
 * printing queues (print/WaitReviewCertificatePrinting, print/ReviewedCertificatePrinting at
 * /print/waitPrint and /print/printed) are pages of their own (src/pages/print): PRINT_VIEWS only
 * names their API queues.
 *
 * Adding a business type is one entry in machines/businessTypes.ts BUSINESS_ROUTES (type and
 * pageSuffix); nothing here changes.
 */
import { BUSINESS_ROUTES, type BusinessType } from '@machines/businessTypes';
import type { QueueName } from '@/services/workflow';

/** businessType (the API's and the menu path's name) → component-string suffix, from the one business table. */
export const QUEUE_BUSINESS_TYPES = Object.fromEntries(
  Object.values(BUSINESS_ROUTES).map((r) => [r.type, r.pageSuffix]),
) as Record<BusinessType, string>;

export type QueueBusinessType = BusinessType;

/** Case-handling views: menu path segment → component prefix and the API queue. */
export const QUEUE_VIEWS = {
  waitAccept: { prefix: 'WaitAccept', queue: 'waitAccept' },
  accepted: { prefix: 'Accepted', queue: 'accepted' },
  waitReview: { prefix: 'WaitReview', queue: 'waitReview' },
  reviewed: { prefix: 'Reviewed', queue: 'reviewed' },
} as const satisfies Record<string, { prefix: string; queue: QueueName }>;

export type QueueView = keyof typeof QUEUE_VIEWS;

/** Printing views (all business types, pages of their own): menu path segment → component name and the API queue. */
export const PRINT_VIEWS = {
  waitPrint: { component: 'WaitReviewCertificatePrinting', queue: 'printWait' },
  printed: { component: 'ReviewedCertificatePrinting', queue: 'printDone' },
} as const satisfies Record<string, { component: string; queue: QueueName }>;

export type PrintView = keyof typeof PRINT_VIEWS;

export interface QueuePageConfig {
  /** component string, e.g. 'queue/WaitAcceptNewCert' */
  component: string;
  /** the API queue */
  queue: QueueName;
  /** the menu path, e.g. '/queue/newCert/waitAccept' */
  path: string;
  /** business type filter; absent for the printing queues (every business type) */
  businessType?: QueueBusinessType;
  /** view: a case-handling view, a printing view, or the caller's own applications */
  view: QueueView | PrintView | 'mine';
  kind: 'queue' | 'print' | 'mine';
}

/**
 * The holder's confirmation pages list the caller's own applications of one business type (queue
 * `mine`), where the view modal's CONFIRM/DECLINE do the work. The enterprise's business pages
 * (business/*) are pages of their own with the apply wizard (src/pages/business). Component
 * string → business type.
 */
export const MINE_PAGES_BY_COMPONENT: Record<string, { businessType: BusinessType; path: string }> = {
  'personCheck/PersonCheckDelay': { businessType: 'delay', path: '/personCheck/personCheckDelay' },
  'personCheck/PersonCheckInner': { businessType: 'inner', path: '/personCheck/personCheckInner' },
  'personCheck/PersonCheckIn': { businessType: 'inProvince', path: '/personCheck/personCheckIn' },
  'personCheck/PersonCheckOut': { businessType: 'outProvince', path: '/personCheck/personCheckOut' },
  'personCheck/PersonCheckChange': { businessType: 'modify', path: '/personCheck/personCheckChange' },
  'personCheck/PersonCheckRevocation': { businessType: 'revocation', path: '/personCheck/personCheckRevocation' },
};

const entries = <K extends string, V>(o: Record<K, V>) => Object.entries(o) as [K, V][];

/** Every queue page configuration (36 case-handling + 6 confirmation pages). */
export const QUEUE_PAGES: readonly QueuePageConfig[] = [
  ...entries(QUEUE_BUSINESS_TYPES).flatMap(([businessType, suffix]) =>
    entries(QUEUE_VIEWS).map(([view, v]) => ({
      component: `queue/${v.prefix}${suffix}`,
      queue: v.queue,
      path: `/queue/${businessType}/${view}`,
      businessType,
      view,
      kind: 'queue' as const,
    })),
  ),
  ...Object.entries(MINE_PAGES_BY_COMPONENT).map(([component, m]) => ({
    component,
    queue: 'mine' as const,
    path: m.path,
    businessType: m.businessType,
    view: 'mine' as const,
    kind: 'mine' as const,
  })),
];

const byComponent = new Map(QUEUE_PAGES.map((c) => [c.component.toLowerCase(), c]));
const byPath = new Map(QUEUE_PAGES.map((c) => [c.path.toLowerCase(), c]));

const clean = (s: string) => s.replace(/^\/+|\/+$/g, '').replace(/\/index$/, '');

/** The queue page of a component string (e.g. 'queue/WaitAcceptNewCert'), or undefined. */
export function resolveQueueComponent(component: string | null | undefined): QueuePageConfig | undefined {
  if (!component) return undefined;
  return byComponent.get(clean(component).toLowerCase());
}

/** The queue page of a menu path (e.g. '/queue/newCert/waitAccept'), or undefined. */
export function resolveQueuePath(pathname: string | null | undefined): QueuePageConfig | undefined {
  if (!pathname) return undefined;
  return byPath.get(`/${clean(pathname)}`.toLowerCase());
}

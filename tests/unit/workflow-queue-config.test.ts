import { describe, expect, it } from 'vitest';
import { BUSINESS_ROUTES } from '@machines/businessTypes';
import { MENU_TREE, type MenuNode } from '../../server/db/seed/menus';
import { findPageLoader } from '@/app/pageRegistry';
import { QUEUE_PAGES, resolveQueueComponent, resolveQueuePath } from '@/pages/queue/config';

const VIEWS = ['WaitAccept', 'Accepted', 'WaitReview', 'Reviewed'];
const SUFFIXES = ['NewCert', 'Delay', 'Inner', 'InProvince', 'OutProvince', 'Modify', 'Revocation', 'PersonRevocation', 'Rename'];
const COMPONENTS = [
  ...SUFFIXES.flatMap((s) => VIEWS.map((v) => `queue/${v}${s}`)),
  'print/WaitReviewCertificatePrinting',
  'print/ReviewedCertificatePrinting',
];

/** Menu pages (component, absolute path) of the seeded menu tree. */
function menuPages(nodes: readonly MenuNode[], parent = ''): { component: string; path: string }[] {
  return nodes.flatMap((n) => {
    const path = n.path ? (n.path.startsWith('/') ? n.path : `${parent}/${n.path}`) : parent;
    const own = n.menuType === 'C' && n.component ? [{ component: n.component, path }] : [];
    return [...own, ...menuPages(n.children ?? [], path)];
  });
}

describe('queue page configuration', () => {
  it('has 36 case-handling pages, 2 printing pages and 15 own-application pages', () => {
    expect(COMPONENTS).toHaveLength(38);
    expect(QUEUE_PAGES).toHaveLength(53);
    expect(QUEUE_PAGES.filter((p) => p.kind === 'queue')).toHaveLength(36);
    expect(QUEUE_PAGES.filter((p) => p.kind === 'mine').every((p) => p.queue === 'mine' && p.businessType)).toBe(true);
    expect(new Set(QUEUE_PAGES.map((p) => p.component)).size).toBe(53);
  });

  it.each(COMPONENTS)('resolves %s to a queue page and a page loader', (component) => {
    const config = resolveQueueComponent(component);
    expect(config).toBeDefined();
    expect(config!.component).toBe(component);
    expect(findPageLoader(component)).toBeTypeOf('function');
    expect(resolveQueuePath(config!.path)).toBe(config);
  });

  it('maps the views and business types to the API queue and filter', () => {
    expect(resolveQueueComponent('queue/WaitAcceptNewCert')).toMatchObject({
      queue: 'waitAccept', businessType: 'newCert', view: 'waitAccept', path: '/queue/newCert/waitAccept',
    });
    expect(resolveQueueComponent('/queue/ReviewedPersonRevocation/')).toMatchObject({
      queue: 'reviewed', businessType: 'personRevocation', path: '/queue/personRevocation/reviewed',
    });
    expect(resolveQueueComponent('print/WaitReviewCertificatePrinting')).toMatchObject({ queue: 'printWait', path: '/print/waitPrint', kind: 'print' });
    expect(resolveQueueComponent('print/WaitReviewCertificatePrinting')!.businessType).toBeUndefined();
    expect(resolveQueueComponent('print/ReviewedCertificatePrinting')).toMatchObject({ queue: 'printDone', path: '/print/printed' });
    expect(resolveQueueComponent('queue/WaitAcceptUnknown')).toBeUndefined();
    expect(resolveQueueComponent('system/UserList')).toBeUndefined();
  });

  it('covers every business type of the business table', () => {
    for (const r of Object.values(BUSINESS_ROUTES)) {
      for (const v of VIEWS) expect(resolveQueueComponent(`queue/${v}${r.pageSuffix}`)?.businessType).toBe(r.type);
    }
  });

  it('agrees with the seeded menu: every queue and printing page resolves at its menu path', () => {
    const pages = menuPages(MENU_TREE).filter((p) => /^(queue|print)\//.test(p.component));
    expect(pages).toHaveLength(38);
    for (const p of pages) {
      const config = resolveQueueComponent(p.component);
      expect(config, p.component).toBeDefined();
      expect(config!.path).toBe(p.path);
    }
  });
});

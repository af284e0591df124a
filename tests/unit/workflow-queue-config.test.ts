import { describe, expect, it } from 'vitest';
import { BUSINESS_ROUTES } from '@machines/businessTypes';
import { MENU_TREE, type MenuNode } from '../../server/db/seed/menus';
import { findPageLoader } from '@/app/pageRegistry';
import { QUEUE_PAGES, resolveQueueComponent, resolveQueuePath } from '@/pages/queue/config';

const VIEWS = ['WaitAccept', 'Accepted', 'WaitReview', 'Reviewed'];
const SUFFIXES = [
  'NewCert',
  'Delay',
  'Inner',
  'InProvince',
  'OutProvince',
  'Modify',
  'Revocation',
  'PersonRevocation',
  'Rename',
];
const COMPONENTS = SUFFIXES.flatMap((s) => VIEWS.map((v) => `queue/${v}${s}`));
/** The printing queues are pages of their own (src/pages/print), not QueuePage configurations. */
const PRINT_COMPONENTS = ['print/WaitReviewCertificatePrinting', 'print/ReviewedCertificatePrinting'];
/** The enterprise's (and the holder's own revocation) business pages are pages of their own (src/pages/business). */
const BUSINESS_COMPONENTS = [
  'business/NewCertificate',
  'business/ApplyDelay',
  'business/ApplyInner',
  'business/InProvince',
  'business/OutProvince',
  'business/CertModify',
  'business/CertificateRevocation',
  'business/EnterpriseRename',
  'business/PersonRevocation',
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
  it('has 36 case-handling pages and 6 confirmation (own-application) pages', () => {
    expect(COMPONENTS).toHaveLength(36);
    expect(QUEUE_PAGES).toHaveLength(42);
    expect(QUEUE_PAGES.filter((p) => p.kind === 'queue')).toHaveLength(36);
    expect(QUEUE_PAGES.filter((p) => p.kind === 'print')).toHaveLength(0);
    const mine = QUEUE_PAGES.filter((p) => p.kind === 'mine');
    expect(mine.every((p) => p.queue === 'mine' && p.businessType && p.component.startsWith('personCheck/'))).toBe(
      true,
    );
    expect(mine).toHaveLength(6);
    expect(new Set(QUEUE_PAGES.map((p) => p.component)).size).toBe(42);
  });

  it.each(BUSINESS_COMPONENTS)(
    'serves %s with its own business page, not the generic queue page',
    async (component) => {
      expect(resolveQueueComponent(component)).toBeUndefined();
      const loader = findPageLoader(component);
      expect(loader).toBeTypeOf('function');
      const page = (await loader!()).default;
      expect(page.name).toBe(component.split('/')[1]);
    },
  );

  it.each(PRINT_COMPONENTS)('serves %s with its own page, not the generic queue page', async (component) => {
    expect(resolveQueueComponent(component)).toBeUndefined();
    const loader = findPageLoader(component);
    expect(loader).toBeTypeOf('function');
    const page = (await loader!()).default;
    expect(page.name).toBe(component.split('/')[1]);
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
      queue: 'waitAccept',
      businessType: 'newCert',
      view: 'waitAccept',
      path: '/queue/newCert/waitAccept',
    });
    expect(resolveQueueComponent('/queue/ReviewedPersonRevocation/')).toMatchObject({
      queue: 'reviewed',
      businessType: 'personRevocation',
      path: '/queue/personRevocation/reviewed',
    });
    expect(resolveQueuePath('/print/waitPrint')).toBeUndefined();
    expect(resolveQueueComponent('queue/WaitAcceptUnknown')).toBeUndefined();
    expect(resolveQueueComponent('system/UserList')).toBeUndefined();
  });

  it('covers every business type of the business table', () => {
    for (const r of Object.values(BUSINESS_ROUTES)) {
      for (const v of VIEWS) expect(resolveQueueComponent(`queue/${v}${r.pageSuffix}`)?.businessType).toBe(r.type);
    }
  });

  it('agrees with the seeded menu: every queue page resolves at its menu path, the printing pages have a page', () => {
    const pages = menuPages(MENU_TREE).filter((p) => /^queue\//.test(p.component));
    expect(pages).toHaveLength(36);
    for (const p of pages) {
      const config = resolveQueueComponent(p.component);
      expect(config, p.component).toBeDefined();
      expect(config!.path).toBe(p.path);
    }
    const print = menuPages(MENU_TREE).filter((p) => /^print\//.test(p.component));
    expect(print.map((p) => [p.component, p.path])).toEqual([
      ['print/WaitReviewCertificatePrinting', '/print/waitPrint'],
      ['print/ReviewedCertificatePrinting', '/print/printed'],
    ]);
    for (const p of print) expect(findPageLoader(p.component), p.component).toBeTypeOf('function');
  });
});

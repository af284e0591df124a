/**
 * The operation log shows each module in the user's language: every title a route declares for
 * its log rows (RouteAccess.log, read from the real app as it registers) and every job's title
 * has a word in the four languages (sysAdmin `log.titles`, keyed by the stored Chinese title).
 */
import { describe, expect, it } from 'vitest';
import { apiSuite } from '../helpers/api.js';
import type { DeclaredRoute } from '../helpers/route-access.js';
import { LANGS, rawLocale } from '../helpers/locales.js';
import { JOBS } from '../../server/jobs/catalog.js';

const titles = new Set<string>();

const declared: DeclaredRoute[] = [];

apiSuite({
  routes: declared,
  ready: () => {
    for (const route of declared) if (route.access?.log) titles.add(route.access.log.title);
    for (const job of JOBS) titles.add(job.title);
  },
});

describe('operation-log module titles', () => {
  it('are found: the workflow, the business types, the system pages and the jobs', () => {
    for (const title of ['业务办理', '新办证书', '用户管理', '证书到期失效']) expect(titles).toContain(title);
    expect(titles.size).toBeGreaterThan(50);
  });

  for (const lng of LANGS) {
    it(`each have a word in ${lng}`, () => {
      const words = (rawLocale(lng, 'sysAdmin').log as { titles: Record<string, string> }).titles;
      expect([...titles].filter((title) => !words[title]?.trim())).toEqual([]);
      // Titles are keys: a '.' or ':' would split them.
      expect([...titles].filter((title) => /[.:]/.test(title))).toEqual([]);
    });
  }

  it('are named in zh-CN as stored', () => {
    const words = (rawLocale('zh-CN', 'sysAdmin').log as { titles: Record<string, string> }).titles;
    for (const [title, word] of Object.entries(words)) expect(word).toBe(title);
  });
});

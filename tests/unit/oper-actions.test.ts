/**
 * The operation log names what was done in the user's language: every action a route or job may
 * write (OPER_ACTIONS; the routes' declarations are typed by it) has a word in each language, and
 * the list has no word for an action nothing writes.
 */
import { describe, expect, it } from 'vitest';
import { OPER_ACTION_NAMES, OPER_ACTIONS } from '../../server/lib/operLog.js';
import { LANGS, rawLocale } from '../helpers/locales';

describe('operation-log actions', () => {
  for (const lng of LANGS) {
    it(`are each named in ${lng}`, () => {
      const words = (rawLocale(lng, 'sysAdmin').log as { actions: Record<string, string> }).actions;
      expect(Object.keys(words).sort()).toEqual([...OPER_ACTIONS].sort());
      for (const action of OPER_ACTIONS) expect(words[action]?.trim(), `${lng} ${action}`).toBeTruthy();
    });
  }

  it('are named in the export as on the page in zh-CN', () => {
    const words = (rawLocale('zh-CN', 'sysAdmin').log as { actions: Record<string, string> }).actions;
    expect(OPER_ACTION_NAMES).toEqual(words);
  });
});

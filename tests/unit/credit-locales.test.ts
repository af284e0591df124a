/**
 * The credit page's words (namespace `credit`): a word for every punishment type and review state
 * the server sends (same keys, no empty text, same placeholders in the four languages:
 * locales-complete.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { loadLocale } from '../helpers/locales';
import { PUNISHMENT_TYPES, REVIEW_STATES } from '../../server/modules/credit/record.js';

describe('credit locales', () => {
  const base = loadLocale('zh-CN', 'credit');
  it('name every punishment type and review state', () => {
    for (const type of PUNISHMENT_TYPES) expect(base[`type.${type}`], type).toBeTruthy();
    for (const state of REVIEW_STATES) expect(base[`reviewState.${state}`], state).toBeTruthy();
  });
});

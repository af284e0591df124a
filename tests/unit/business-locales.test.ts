/** The business namespace names every type (same keys, no empty text, same interpolations: locales-complete.test.ts). */
import { describe, expect, it } from 'vitest';
import { BUSINESS_TYPES } from '@machines/businessTypes';
import zhCN from '@/locales/zh-CN/business.json';
import { loadLocale } from '../helpers/locales';
import { BUSINESS_ROUTES, wizardStepsOf } from '@machines/businessTypes';

describe('business locales', () => {
  const base = loadLocale('zh-CN', 'business');

  it('names every business type: page title, wizard, description and its steps', () => {
    for (const type of BUSINESS_TYPES) {
      for (const k of [
        `title.${type}`,
        `business.${type}`,
        `desc.${type}`,
        `step.form_${type}`,
        `step.subject_${BUSINESS_ROUTES[type].target}`,
      ])
        expect(k in base, k).toBe(true);
      for (const s of wizardStepsOf(type))
        if (s !== 'subject' && s !== 'form') expect(`step.${s}` in base, s).toBe(true);
    }
  });

  it('says the texts of the spec in zh-CN', () => {
    expect(zhCN.precheck.failed).toBe('校验失败');
    expect(zhCN.title).toMatchObject({
      newCert: '新办证书',
      delay: '证书延期',
      revocation: '证书注销',
      personRevocation: '个人注销申请',
      rename: '企业更名',
    });
    expect(zhCN.wizard).toMatchObject({ save: '保存', prev: '上一步', next: '下一步', submit: '提交' });
  });
});

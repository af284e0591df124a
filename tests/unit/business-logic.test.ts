/**
 * The pure parts of the apply wizard: the pre-check outcome (SPEC 5), the payload of every type
 * (checked against the server's own schemas, so client and server cannot drift apart), which step
 * holds which field, and where a field the server names lives. The steps and what blocks leaving
 * them are the applyWizard machine's (tests/machines/applyWizard.test.ts).
 */
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { BUSINESS_TYPES, type BusinessType } from '@machines/businessTypes';
import { PAYLOADS, REVOCATION_REASONS } from '../../server/modules/business/payloads';
import {
  buildPayload,
  fieldLabelKey,
  fieldsOfStep,
  locateField,
  PAYLOAD_FIELDS,
  precheckOutcome,
  ruleMessage,
  REVOCATION_REASON_CODES,
  toFormValues,
  type MaterialItem,
} from '@/pages/business/components/logic';
import zhCN from '@/locales/zh-CN/business.json';

const FALLBACK = '校验失败';
const done = (ossId: number, name = `f${ossId}.pdf`): MaterialItem => ({
  uid: `u${ossId}`,
  name,
  status: 'done',
  response: { ossId },
});

describe('pre-check outcome (SPEC 5)', () => {
  it('passes only with code 0 and data present, and keeps the facts', () => {
    const facts = { certNo: '粤建安C3（2024）0000907', educationHours: 92, requiredHours: 72 };
    expect(precheckOutcome({ code: 0, data: facts, errorMsg: null, warnMsg: null }, FALLBACK)).toEqual({
      ok: true,
      facts,
      warn: null,
    });
    expect(
      precheckOutcome({ code: 0, data: {}, errorMsg: null, warnMsg: '原 C 类证书按 C3 类换发' }, FALLBACK),
    ).toEqual({ ok: true, facts: {}, warn: '原 C 类证书按 C3 类换发' });
  });

  it('fails with errorMsg, else warnMsg, else 校验失败', () => {
    expect(precheckOutcome({ code: 5, data: null, errorMsg: '申请人超过年龄限制', warnMsg: '注意' }, FALLBACK)).toEqual(
      { ok: false, message: '申请人超过年龄限制', code: 5 },
    );
    expect(
      precheckOutcome({ code: 4, data: null, errorMsg: null, warnMsg: '该证书有其他业务正在办理' }, FALLBACK),
    ).toEqual({ ok: false, message: '该证书有其他业务正在办理', code: 4 });
    expect(precheckOutcome({ code: 9, data: null, errorMsg: '', warnMsg: null }, FALLBACK)).toEqual({
      ok: false,
      message: '校验失败',
      code: 9,
    });
    // code 0 without data is not a pass
    expect(precheckOutcome({ code: 0, data: null }, FALLBACK)).toEqual({ ok: false, message: '校验失败', code: null });
    expect(precheckOutcome(null, FALLBACK)).toEqual({ ok: false, message: '校验失败', code: null });
  });

  it("names the rule in the user's language; zh-CN keeps the server's words (with their details)", () => {
    const en = (key: string, fallback: string) =>
      key === 'rules.2' ? 'Not enough continuing-education hours' : fallback;
    const server = '继续教育学时不足（已完成 32 学时，须 72 学时）';
    expect(ruleMessage(2, server, 'zh-CN', en)).toBe(server);
    expect(ruleMessage(2, server, 'en-US', en)).toBe('Not enough continuing-education hours');
    expect(ruleMessage(99, server, 'en-US', en)).toBe(server);
    expect(ruleMessage(null, '校验失败', 'en-US', en)).toBe('校验失败');
  });

  it('lets a saved draft past step 0 when only its form is incomplete (rule 20), never other rules', () => {
    const form = { code: 20, data: null, errorMsg: '调入省份不能为空', warnMsg: null };
    expect(precheckOutcome(form, FALLBACK, { formLater: true })).toEqual({
      ok: true,
      facts: {},
      warn: '调入省份不能为空',
    });
    expect(precheckOutcome(form, FALLBACK)).toEqual({ ok: false, message: '调入省份不能为空', code: 20 });
    expect(
      precheckOutcome({ code: 4, data: null, errorMsg: '该证书有其他业务正在办理' }, FALLBACK, { formLater: true }).ok,
    ).toBe(false);
  });
});

describe('the wizard mirrors the server', () => {
  it('has exactly the payload fields of each server schema', () => {
    for (const type of BUSINESS_TYPES) {
      const shape = (PAYLOADS[type] as unknown as { shape: Record<string, unknown> }).shape;
      expect([...PAYLOAD_FIELDS[type]].sort(), type).toEqual(Object.keys(shape).sort());
    }
  });

  it("offers the server's revocation grounds", () => {
    expect([...REVOCATION_REASON_CODES]).toEqual(Object.keys(REVOCATION_REASONS));
    expect(zhCN.reason).toEqual(REVOCATION_REASONS);
  });
});

describe('payload of each type', () => {
  const complete: Record<BusinessType, Record<string, unknown>> = {
    newCert: {
      category: 'C3',
      position: '08',
      remark: '  已通过考核  ',
      materials: [
        done(3),
        { uid: 'x', name: 'up.pdf', status: 'uploading' },
        { uid: 'y', name: 'bad.pdf', status: 'error', response: '文件类型不符' },
      ],
    },
    delay: {},
    inner: { position: '08' },
    inProvince: {
      originalCertNo: '湘建安C（2024）0012345',
      originalProvince: '湖南省',
      category: 'C',
      issueDate: dayjs('2024-03-01'),
      expiryDate: dayjs('2027-02-28'),
      position: '08',
    },
    outProvince: { targetProvince: '湖南省', reason: '调往湖南省企业任职' },
    modify: { name: '', idNo: '  ', title: '03', reason: '职称晋升', sex: undefined },
    revocation: { reason: '1', remark: '已离职' },
    personRevocation: { reason: '4' },
    rename: { newName: '广东粤安建设工程集团有限公司', newLegalRepresentative: '' },
  };

  it('is what each server schema accepts', () => {
    for (const type of BUSINESS_TYPES) {
      const payload = buildPayload(type, complete[type]);
      const parsed = PAYLOADS[type].safeParse(payload);
      expect(
        parsed.success,
        `${type}: ${JSON.stringify(payload)} ${parsed.success ? '' : parsed.error.issues[0]?.message}`,
      ).toBe(true);
    }
  });

  it('trims text, leaves empty values out, sends dates as YYYY-MM-DD and finished uploads as ids', () => {
    expect(buildPayload('newCert', complete.newCert)).toEqual({
      category: 'C3',
      position: '08',
      remark: '已通过考核',
      materials: [3],
    });
    expect(buildPayload('delay', {})).toEqual({ materials: [] });
    expect(buildPayload('inProvince', complete.inProvince)).toMatchObject({
      issueDate: '2024-03-01',
      expiryDate: '2027-02-28',
      category: 'C',
    });
    expect(buildPayload('modify', complete.modify)).toEqual({
      title: '03',
      reason: '职称晋升',
      lostReissue: false,
      materials: [],
    });
    expect(buildPayload('rename', { ...complete.rename, revokeOldLegalRepA: true, unknown: 'x' })).toEqual({
      newName: '广东粤安建设工程集团有限公司',
      revokeOldLegalRepA: true,
      materials: [],
    });
  });

  it('lets the server name what is missing when a draft is incomplete', () => {
    const partial = buildPayload('outProvince', { targetProvince: '湖南省' });
    const parsed = PAYLOADS.outProvince.safeParse(partial);
    expect(parsed.success).toBe(false);
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe('调出原因不能为空');
    const nothing = PAYLOADS.modify.safeParse(buildPayload('modify', { reason: '更正' }));
    expect(nothing.success ? null : nothing.error.issues[0]?.message).toBe('请至少填写一项变更内容或选择遗失补办');
  });

  it('comes back from a saved draft unchanged (edit re-opens the wizard)', () => {
    for (const type of BUSINESS_TYPES) {
      const payload = buildPayload(type, { ...complete[type], materials: [done(7, '身份证.pdf')] });
      const values = toFormValues(type, payload, [
        { ossId: 7, originalName: '身份证.pdf', size: 10, mimeType: 'application/pdf' },
      ]);
      expect(buildPayload(type, values), type).toEqual(payload);
    }
    const values = toFormValues('inProvince', { issueDate: '2024-03-01' }, []);
    expect(dayjs.isDayjs(values.issueDate)).toBe(true);
  });
});

describe('steps and gating', () => {
  it("puts newCert's category and position in step 0 and every other field on the form step", () => {
    expect(fieldsOfStep('newCert', 'subject')).toEqual(['category', 'position']);
    expect(fieldsOfStep('newCert', 'form')).toEqual(['remark']);
    expect(fieldsOfStep('inProvince', 'subject')).toEqual([]);
    expect(fieldsOfStep('inProvince', 'form')).toContain('category');
    expect(fieldsOfStep('modify', 'materials')).toEqual(['materials']);
    expect(fieldsOfStep('modify', 'summary')).toEqual([]);
  });

  it('finds the field and step the server names', () => {
    expect(locateField('newCert', 'payload.category')).toEqual({ name: 'category', step: 'subject' });
    expect(locateField('newCert', 'position')).toEqual({ name: 'position', step: 'subject' });
    expect(locateField('inProvince', 'position')).toEqual({ name: 'position', step: 'form' });
    expect(locateField('rename', 'revokeOldLegalRepA')).toEqual({ name: 'revokeOldLegalRepA', step: 'form' });
    expect(locateField('delay', 'payload.materials')).toEqual({ name: 'materials', step: 'materials' });
    expect(locateField('delay', 'certificateId')).toEqual({ name: null, step: 'subject' });
    expect(locateField('delay', 'payload')).toBeNull();
    expect(locateField('delay', undefined)).toBeNull();
  });
});

describe('labels', () => {
  it('names every payload field of every type in the locale', () => {
    const fields = zhCN.field as Record<string, string>;
    for (const type of BUSINESS_TYPES) {
      for (const key of PAYLOAD_FIELDS[type]) {
        const k = fieldLabelKey(type, key).replace(/^field\./, '');
        expect(fields[k], `${type}.${key}`).toBeTruthy();
      }
    }
    expect(fieldLabelKey('rename', 'newName')).toBe('field.newEnterpriseName');
    expect(fieldLabelKey('modify', 'name')).toBe('field.newName');
    expect(fieldLabelKey('revocation', 'reason')).toBe('field.reasonRevocation');
  });
});

/**
 * Form rules for identity numbers and credit codes: the same validators as the server
 * (machines/residentIdNumber.ts, machines/creditCode.ts), so a form says what the server would
 * refuse before it is sent, in the interface language.
 */
import type { RuleObject as Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { checkCreditCode } from '@machines/creditCode';
import { checkDocumentNumber, checkIdNumber } from '@machines/residentIdNumber';
import { chinaToday } from '@/components/ProTableKit/format';

type Check = { ok: true } | { ok: false; fault: string };

const ruleOf = (t: TFunction, field: string, kind: 'idNumber' | 'creditCode', check: (v: string) => Check): Rule => ({
  validator: (_rule, value?: string) => {
    if (!value || !value.trim()) return Promise.resolve();
    const checked = check(value);
    return checked.ok
      ? Promise.resolve()
      : Promise.reject(new Error(t(`common:identity.${kind}.${checked.fault}`, { field })));
  },
});

/** A resident identity number (lower-case x accepted; the server stores X). */
export const idNumberRule = (t: TFunction, field: string): Rule =>
  ruleOf(t, field, 'idNumber', (v) => checkIdNumber(v, chinaToday()));

/** The number of any identity document of a look-up: one in digits only is checked as an identity number. */
export const documentNumberRule = (t: TFunction, field: string): Rule =>
  ruleOf(t, field, 'idNumber', (v) => checkDocumentNumber(v, chinaToday()));

/** A unified social credit code with its GB 32100 check character. */
export const creditCodeRule = (t: TFunction, field: string): Rule => ruleOf(t, field, 'creditCode', checkCreditCode);

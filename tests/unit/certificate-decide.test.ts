/**
 * The certificate writer's decision without a database (server/modules/certificate/decide.ts): the
 * stored row as the machine's state, its answer as the columns store.ts writes, refusals in the words
 * the caller's 409 carries, naming the certificate.
 */
import { describe, expect, it } from 'vitest';
import type { CertificateEvent } from '@machines/certificate.machine';
import {
  decideCertificateEvent,
  decideIssue,
  decideLife,
  rowAfter,
  type CertificateRow,
} from '../../server/modules/certificate/decide';

const issue: Extract<CertificateEvent, { type: 'ISSUE' }> = {
  type: 'ISSUE',
  certNo: '粤建安C3（2023）0001234',
  category: 'C3',
  personId: 7,
  enterpriseId: 1,
  position: '08',
  issueDate: '2023-01-10',
  validFrom: '2023-01-10',
  expiryDate: '2026-01-09',
  queryCode: 'Q1',
  acceptedOn: '2023-01-02',
};
const NOW = new Date('2025-06-01T02:00:00Z');

/** A stored row in the state `status`, as the database holds it. */
function row(status: string, more: Partial<CertificateRow> = {}): CertificateRow {
  return {
    id: 41,
    certNo: issue.certNo,
    category: 'C3',
    personId: 7,
    enterpriseId: 1,
    position: '08',
    issueDate: '2023-01-10',
    validFrom: '2023-01-10',
    expiryDate: '2026-01-09',
    version: 1,
    queryCode: 'Q1',
    suspendedFrom: null,
    suspendedTo: null,
    status,
    issuingAuthority: '广东省住房和城乡建设厅',
    printCount: 0,
    printedVersion: null,
    printedAt: null,
    area: '1',
    createdAt: NOW,
    updatedAt: NOW,
    ...more,
  } as CertificateRow;
}

describe('decideCertificateEvent', () => {
  it('answers the step and the columns of the state after: a 暂扣 in force makes 02 with its period, the version kept', () => {
    const d = decideCertificateEvent(row('01'), {
      type: 'SUSPEND',
      today: '2025-06-01',
      period: { from: '2025-05-20', to: '2025-08-31' },
    });
    if (!d.ok) throw new Error(d.refused);
    expect(d.step).toMatchObject({ id: 41, before: { value: 'valid' }, after: { value: 'suspended' } });
    expect(rowAfter(row('01'), d.step, NOW)).toMatchObject({
      status: '02',
      suspendedFrom: '2025-05-20',
      suspendedTo: '2025-08-31',
      version: 1,
      updatedAt: NOW,
    });
  });

  it('refuses what the machine refuses, naming the certificate and its state in words', () => {
    const d = decideCertificateEvent(row('04'), {
      type: 'SUSPEND',
      today: '2025-06-01',
      period: { from: '2025-05-20', to: null },
    });
    expect(d).toEqual({
      ok: false,
      refused: `${issue.certNo}：证书当前状态为「注销」，不能暂扣（暂扣期须已开始且未届满）`,
    });
    // A validity not yet over is not expired.
    expect(decideCertificateEvent(row('01'), { type: 'EXPIRE', today: '2025-06-01' }).ok).toBe(false);
  });

  it('reads a status that is no state of the machine as an error, not as a state', () => {
    expect(() => decideCertificateEvent(row('99'), { type: 'CANCEL' })).toThrow(/no state of the certificate machine/);
  });
});

describe('decideIssue and decideLife', () => {
  it('issues only a statutory validity on or after the acceptance', () => {
    expect(decideIssue(issue)).toMatchObject({
      ok: true,
      after: { value: 'valid', context: { certNo: issue.certNo, version: 1 } },
    });
    expect(decideIssue({ ...issue, expiryDate: '2026-01-10' })).toMatchObject({
      ok: false,
      refused: expect.stringContaining(issue.certNo),
    });
    expect(decideIssue({ ...issue, acceptedOn: '2023-02-01' }).ok).toBe(false);
  });

  it('lives a loaded certificate from unissued through each event, and stops at the first refusal', () => {
    const states = decideLife([issue, { type: 'EXPIRE', today: '2026-01-10' }]);
    expect(states.map((s) => s.value)).toEqual(['unissued', 'valid', 'expired']);
    expect(() => decideLife([issue, { type: 'EXPIRE', today: '2025-01-10' }])).toThrow(/EXPIRE refused in valid/);
  });
});

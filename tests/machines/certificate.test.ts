import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  CERT_STATUSES,
  STATE_OF_STATUS,
  certificateMachine,
  certificateStateOf,
  delayedValidityOf,
  liveThrough,
  plusYears,
  refusalWords,
  statusOfState,
  statutoryExpiryOf,
  transitionCertificate,
  unissuedCertificate,
  type CertificateEvent,
  type PersistedCertificateSnapshot,
} from '@machines/certificate.machine';
import { addDays, addYears } from '../../server/lib/days';
import { describeTransitionCoverage } from './coverage';

/** Issued on 10 January 2023, valid to 9 January 2026. */
const ISSUED = '2023-01-10';
const EXPIRY = '2026-01-09';
const DURING = '2025-06-01';
const LATE_IN_VALIDITY = '2025-12-01';
const AFTER = '2026-02-01';

const issue: CertificateEvent = {
  type: 'ISSUE',
  certNo: '粤建安C3（2023）0001234',
  category: 'C3',
  personId: 7,
  enterpriseId: 1,
  position: '08',
  issueDate: ISSUED,
  validFrom: ISSUED,
  expiryDate: EXPIRY,
  queryCode: 'Q1',
  acceptedOn: '2023-01-02',
};
const period = { from: '2025-05-01', to: '2025-11-30' };
const laterPeriod = { from: '2025-11-15', to: '2026-03-01' };

/** One sample per branch a guard distinguishes. */
const samples: CertificateEvent[] = [
  issue,
  { ...issue, expiryDate: '2026-01-10' },
  { ...issue, acceptedOn: '2023-02-01' },
  { type: 'DELAY', validFrom: '2026-01-10', expiryDate: '2029-01-09', issueDate: '2025-12-01', queryCode: 'Q2' },
  { type: 'DELAY', validFrom: '2026-02-01', expiryDate: '2029-01-31', issueDate: '2025-12-01', queryCode: 'Q2' },
  { type: 'DELAY', validFrom: '2026-01-10', expiryDate: '2029-01-10', issueDate: '2025-12-01', queryCode: 'Q2' },
  { type: 'CHANGE', issueDate: '2024-03-01', queryCode: 'Q3', position: '02' },
  { type: 'TRANSFER', enterpriseId: 2, issueDate: '2024-05-01', queryCode: 'Q4' },
  { type: 'TRANSFER', enterpriseId: 1, issueDate: '2024-05-01', queryCode: 'Q5' },
  { type: 'TRANSFER_OUT' },
  { type: 'CANCEL' },
  { type: 'SUSPEND', today: DURING, period },
  { type: 'SUSPEND', today: DURING, period: { from: '2025-07-01', to: '2025-09-30' } },
  { type: 'RESTORE', today: LATE_IN_VALIDITY, inForce: null },
  { type: 'RESTORE', today: AFTER, inForce: null },
  { type: 'RESTORE', today: LATE_IN_VALIDITY, inForce: laterPeriod },
  { type: 'EXPIRE', today: AFTER },
  { type: 'EXPIRE', today: DURING },
  { type: 'REVOKE' },
  { type: 'RESCIND' },
  { type: 'LIFT_PENALTY', today: LATE_IN_VALIDITY, inForce: null },
  { type: 'LIFT_PENALTY', today: AFTER, inForce: null },
  { type: 'LIFT_PENALTY', today: LATE_IN_VALIDITY, inForce: laterPeriod },
];

/** The guards read the state, the end of the validity and the enterprise: the rest (version, codes) grows without bound. */
const guardView = (s: AnyMachineSnapshot): string => {
  const c = s.context as PersistedCertificateSnapshot['context'];
  return JSON.stringify({ value: s.value, expiryDate: c.expiryDate, enterpriseId: c.enterpriseId });
};

describeTransitionCoverage(
  certificateMachine,
  { events: samples, serializeState: guardView },
  'certificate: every transition fires',
);

const walk = (...events: CertificateEvent[]) => liveThrough([issue, ...events]).at(-1)!;

describe('certificate behaviour', () => {
  it('validity ends the day before its start plus three years, 28 February after a 29 February start', () => {
    expect(statutoryExpiryOf('2023-01-10')).toBe('2026-01-09');
    expect(statutoryExpiryOf('2024-02-29')).toBe('2027-02-28');
    expect(statutoryExpiryOf('2025-03-01')).toBe('2028-02-29');
    expect(delayedValidityOf('2025-02-28')).toEqual({ validFrom: '2025-03-01', expiryDate: '2028-02-29' });
    // The server's day arithmetic says the same on every day of four years (leap days included).
    for (let d = '2023-01-01'; d < '2027-01-01'; d = addDays(d, 1)) {
      expect(plusYears(d, 3)).toBe(addYears(d, 3));
      expect(statutoryExpiryOf(d)).toBe(addDays(addYears(d, 3), -1));
    }
  });

  it('issues valid only with the statutory validity and not before its application was accepted', () => {
    expect(transitionCertificate(unissuedCertificate(), { ...issue, expiryDate: '2026-01-10' })).toMatchObject({
      ok: false,
      reason: 'notAllowedNow',
    });
    expect(transitionCertificate(unissuedCertificate(), { ...issue, acceptedOn: '2023-01-11' })).toMatchObject({
      ok: false,
    });
    expect(transitionCertificate(unissuedCertificate(), { ...issue, acceptedOn: null })).toMatchObject({
      ok: true,
      to: 'valid',
    });
    const issued = walk();
    expect(issued).toMatchObject({
      value: 'valid',
      context: { version: 1, validFrom: ISSUED, expiryDate: EXPIRY, queryCode: 'Q1' },
    });
  });

  it('a delay continues the validity from the day after the old end, as a new version', () => {
    const delayed = walk({ type: 'DELAY', ...delayedValidityOf(EXPIRY), issueDate: '2025-12-01', queryCode: 'Q2' });
    expect(delayed).toMatchObject({
      value: 'valid',
      context: {
        version: 2,
        validFrom: '2026-01-10',
        expiryDate: '2029-01-09',
        issueDate: '2025-12-01',
        queryCode: 'Q2',
      },
    });
    // A timely delay decided after the expiry revives the expired certificate.
    const revived = walk(
      { type: 'EXPIRE', today: AFTER },
      { type: 'DELAY', ...delayedValidityOf(EXPIRY), issueDate: AFTER, queryCode: 'Q2' },
    );
    expect(revived.value).toBe('valid');
    // Not while suspended (delay rule 9), nor with a gap.
    const suspended = walk({ type: 'SUSPEND', today: DURING, period });
    expect(
      transitionCertificate(suspended, {
        type: 'DELAY',
        ...delayedValidityOf(EXPIRY),
        issueDate: DURING,
        queryCode: 'Q2',
      }).ok,
    ).toBe(false);
  });

  it('a 暂扣 holds the certificate for its period; its end gives it back valid, expired, or held by another', () => {
    const suspended = walk({ type: 'SUSPEND', today: DURING, period });
    expect(suspended.context).toMatchObject({ suspendedFrom: period.from, suspendedTo: period.to });
    expect(transitionCertificate(walk(), { type: 'SUSPEND', today: '2025-04-30', period }).ok).toBe(false);
    expect(transitionCertificate(suspended, { type: 'RESTORE', today: LATE_IN_VALIDITY, inForce: null })).toMatchObject(
      {
        ok: true,
        to: 'valid',
        snapshot: { context: { suspendedFrom: null, suspendedTo: null, version: 1 } },
      },
    );
    expect(transitionCertificate(suspended, { type: 'RESTORE', today: AFTER, inForce: null })).toMatchObject({
      ok: true,
      to: 'expired',
    });
    expect(
      transitionCertificate(suspended, { type: 'RESTORE', today: LATE_IN_VALIDITY, inForce: laterPeriod }),
    ).toMatchObject({
      ok: true,
      to: 'suspended',
      snapshot: { context: { suspendedFrom: laterPeriod.from, suspendedTo: laterPeriod.to } },
    });
  });

  it('吊销 and 撤销 end a live certificate until lifted; 注销 and 办理转出 are final', () => {
    const revoked = walk({ type: 'REVOKE' });
    expect(statusOfState(revoked.value)).toBe('07');
    expect(transitionCertificate(revoked, { type: 'RESCIND' })).toMatchObject({ ok: true, to: 'rescinded' });
    expect(transitionCertificate(revoked, { type: 'LIFT_PENALTY', today: AFTER, inForce: null })).toMatchObject({
      ok: true,
      to: 'expired',
    });
    expect(transitionCertificate(revoked, { type: 'CANCEL' }).ok).toBe(false);
    const cancelled = walk({ type: 'CANCEL' });
    expect(
      transitionCertificate(cancelled, {
        type: 'DELAY',
        ...delayedValidityOf(EXPIRY),
        issueDate: DURING,
        queryCode: 'Q9',
      }),
    ).toEqual({ ok: false, from: 'cancelled', reason: 'final' });
    expect(transitionCertificate(walk({ type: 'TRANSFER_OUT' }), { type: 'CANCEL' })).toMatchObject({
      ok: false,
      reason: 'final',
    });
    expect(refusalWords('cancelled', { type: 'CANCEL' })).toBe('证书当前状态为「注销」，不能注销');
  });

  it('every status code is a state, and a stored row revives to it', () => {
    for (const code of CERT_STATUSES) {
      const row = { ...walk().context, status: code };
      expect(certificateStateOf(row).value).toBe(STATE_OF_STATUS[code]);
      expect(statusOfState(STATE_OF_STATUS[code])).toBe(code);
    }
    expect(() => certificateStateOf({ ...walk().context, status: '99' })).toThrow(/99 is no state/);
  });

  it('a stored JSON snapshot keeps working', () => {
    const stored = JSON.parse(
      JSON.stringify(walk({ type: 'CHANGE', issueDate: '2024-03-01', queryCode: 'Q3', position: '02' })),
    ) as PersistedCertificateSnapshot;
    expect(stored.context).toMatchObject({ version: 2, position: '02' });
    expect(transitionCertificate(stored, { type: 'EXPIRE', today: AFTER })).toMatchObject({ ok: true, to: 'expired' });
  });
});

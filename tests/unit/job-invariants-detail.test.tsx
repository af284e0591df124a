// @vitest-environment jsdom
/** The job page's reading of a housekeeping run's certificate check: the violations per rule in words and the first of them; a clean run in one line. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims, useLanguage } from './login-setup';
import InvariantsDetail, { invariantsOf } from '@/pages/system/JobList/InvariantsDetail';

beforeAll(async () => {
  installDomShims();
  await useLanguage('zh-CN');
});
afterEach(() => cleanup());

/** A run's detail as server/jobs/housekeeping.ts writes it. */
const detail = {
  sessions: 0,
  certificateInvariants: {
    checked: 1031,
    violations: 3,
    counts: {
      statusIsAState: 0,
      statusIsToday: 2,
      statutoryValidity: 1,
      issuedAfterAcceptance: 0,
      delayCodeInRange: 0,
      historyReplays: 0,
    },
    examples: [
      {
        rule: 'statusIsToday',
        certificateId: 7,
        certNo: '粤建安C3（2023）0001234',
        detail: '状态为暂扣，但没有生效中的暂扣处罚',
      },
      {
        rule: 'statusIsToday',
        certificateId: 9,
        certNo: '粤建安B（2021）0000643',
        detail: '有效期已于 2026-11-01 届满，状态仍为有效',
      },
      {
        rule: 'statutoryValidity',
        certificateId: 9,
        certNo: '粤建安B（2021）0000643',
        detail: '有效期 2023-11-01 至 2026-11-01，应至 2026-10-31',
      },
    ],
  },
};

describe('InvariantsDetail', { timeout: 30_000 }, () => {
  it('names each broken rule in words with its count, and the first violations by certificate number', () => {
    render(<InvariantsDetail summary={invariantsOf(detail)!} />);
    const box = screen.getByTestId('certificate-invariants');
    expect(box.textContent).toContain('证书一致性检查：已检查 1031 个证书，发现 3 处不一致');
    const rows = within(box)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toContain('状态与今日一致（暂扣期、有效期）2');
    expect(rows).toContain('有效期为起始日起三年（届满前一日止）1');
    expect(rows.some((r) => r?.includes('证书历史可重放'))).toBe(false);
    expect(rows).toContain(
      '粤建安B（2021）0000643有效期为起始日起三年（届满前一日止）有效期 2023-11-01 至 2026-11-01，应至 2026-10-31',
    );
  });

  it('says a clean run in one line, and reads no summary from a run of another job', () => {
    const clean = {
      certificateInvariants: { ...detail.certificateInvariants, violations: 0, counts: {}, examples: [] },
    };
    render(<InvariantsDetail summary={invariantsOf(clean)!} />);
    expect(screen.getByTestId('certificate-invariants').textContent).toBe(
      '证书一致性检查：已检查 1031 个证书，未发现问题',
    );
    expect(invariantsOf({ rows: 3 })).toBeNull();
    expect(invariantsOf(null)).toBeNull();
  });
});

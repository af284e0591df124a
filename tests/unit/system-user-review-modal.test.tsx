// @vitest-environment jsdom
/** The review window: shows the diff, offers only what the server says the caller may do, and asks a comment to reject. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, useLanguage } from './login-setup';
import ReviewModal from '@/components/AdminKit/review/ReviewModal';
import type { ReviewDetail } from '@/components/AdminKit';

beforeAll(async () => {
  installDomShims();
  await useLanguage('zh-CN');
});
afterEach(() => cleanup());

const detail = (over: Partial<ReviewDetail> = {}): ReviewDetail => ({
  reviewId: 9,
  entity: 'user',
  recordId: 5,
  checkStatus: '2',
  change: 'update',
  state: 'pending',
  submittedBy: 1,
  submitterName: 'admin',
  submittedAt: '2026-01-02T03:04:05.000Z',
  reviewerName: null,
  reviewedAt: null,
  comment: null,
  title: 'gz_sl（陈丽娟）',
  diff: [{ field: 'nickName', label: '用户名称', before: '陈丽娟', after: '陈丽' }],
  effect: null,
  warnings: [],
  canReview: true,
  canCancel: false,
  ...over,
});

function open(d: ReviewDetail, extra: { withdraw?: boolean } = {}) {
  const decide = vi.fn().mockResolvedValue({ code: 0, msg: '审核通过，修改已生效', data: null });
  const withdraw = vi.fn().mockResolvedValue({ code: 0, msg: '已撤回', data: null });
  const onDone = vi.fn();
  render(
    <App>
      <ReviewModal
        reviewId={d.reviewId}
        load={() => Promise.resolve({ code: 0, msg: '', data: d })}
        decide={decide}
        withdraw={extra.withdraw ? withdraw : undefined}
        onClose={() => undefined}
        onDone={onDone}
      />
    </App>,
  );
  return { decide, withdraw, onDone };
}

describe('ReviewModal', () => {
  it('shows the diff and approves', async () => {
    const { decide, onDone } = open(detail());
    await screen.findByTestId('review-diff');
    expect(screen.getByTestId('review-diff').textContent).toContain('陈丽娟');
    expect(screen.getByTestId('review-diff').textContent).toContain('用户名称');
    fireEvent.click(screen.getByTestId('review-approve'));
    await waitFor(() => expect(decide).toHaveBeenCalledWith(expect.objectContaining({ reviewId: 9 }), true, '', []));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('needs a comment to reject', async () => {
    const { decide } = open(detail());
    fireEvent.click(await screen.findByTestId('review-reject'));
    expect(await screen.findByText('驳回时请填写审核意见')).toBeTruthy();
    expect(decide).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('review-comment'), { target: { value: '不同意' } });
    fireEvent.click(screen.getByTestId('review-reject'));
    await waitFor(() => expect(decide).toHaveBeenCalledWith(expect.anything(), false, '不同意', []));
  });

  it('shows the whole effect, and approves an unlink only once it is ticked by name', async () => {
    const effect = {
      lines: [
        {
          key: 'person' as const,
          label: '关联人员（我的证书）',
          before: '汪晓琳（440***********682X），证书 1 本（有效 1 本）',
          after: '未关联',
          changed: true,
        },
        { key: 'roles' as const, label: '角色', before: '个人用户', after: '个人用户', changed: false },
        { key: 'area' as const, label: '数据范围', before: '仅本人', after: '仅本人', changed: false },
      ],
      warnings: [
        {
          code: 'unlinksPerson' as const,
          message: '该账号关联持证人员 汪晓琳（440***********682X），其 1 本证书显示在“我的证书”中；此修改将解除该关联',
        },
      ],
    };
    const { decide } = open(detail({ effect, warnings: ['unlinksPerson'] }));
    expect((await screen.findByTestId('effect-person')).textContent).toContain('未关联');
    expect(screen.getByTestId('effect-roles').textContent).toContain('不变');
    expect(screen.getByTestId('effect-warning-unlinksPerson').textContent).toContain('汪晓琳');
    const approve = screen.getByTestId('review-approve') as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('effect-choose-unlinksPerson'));
    await waitFor(() => expect((screen.getByTestId('review-approve') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('review-approve'));
    await waitFor(() => expect(decide).toHaveBeenCalledWith(expect.anything(), true, '', ['unlinksPerson']));
  });

  it('offers no decision to the submitter, and says why', async () => {
    open(detail({ canReview: false }));
    expect(await screen.findByText(/四眼原则/)).toBeTruthy();
    expect(screen.queryByTestId('review-approve')).toBeNull();
    expect(screen.queryByTestId('review-reject')).toBeNull();
  });

  it('lets the submitter of a role change withdraw it', async () => {
    open(detail({ entity: 'role', canReview: false, canCancel: true }), { withdraw: true });
    expect(await screen.findByTestId('review-withdraw')).toBeTruthy();
  });

  it('shows a decided submission with its reviewer and comment', async () => {
    open(
      detail({
        state: 'rejected',
        canReview: false,
        reviewerName: 'secadmin',
        comment: '依据不足',
        reviewedAt: '2026-01-03T00:00:00.000Z',
      }),
    );
    expect((await screen.findByTestId('review-state')).textContent).toBe('已驳回');
    expect(screen.getByText('依据不足')).toBeTruthy();
    expect(screen.queryByText(/四眼原则/)).toBeNull();
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims, useLanguage } from './login-setup';

const api = vi.hoisted(() => ({ workflowEvents: vi.fn(), systemDictDataType: vi.fn() }));

vi.mock('@/services/generated/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/services/generated/api')>();
  return { ...actual, workflowEvents: api.workflowEvents, systemDictDataType: api.systemDictDataType };
});

import WorkflowActions, { clearPresetCache } from '@/components/WorkflowActions';
import type { ApplicationDetail } from '@/services/workflow';

beforeAll(async () => {
  installDomShims();
  await useLanguage('zh-CN');
});
beforeEach(() => {
  api.workflowEvents.mockReset();
  api.systemDictDataType.mockReset();
  api.systemDictDataType.mockResolvedValue({ code: 0, data: [{ dictLabel: '材料不全，请补正', dictValue: '1' }] });
  clearPresetCache();
});
afterEach(() => cleanup());

const base = { id: 7, version: 3, businessType: 'newCert', stateValue: 'submitted' as unknown, step: 'sl' as const };

function renderActions(
  allowedEvents: ApplicationDetail['allowedEvents'],
  props: { onDone?: () => void; onStale?: () => void; shortcuts?: boolean } = {},
  detail: Partial<typeof base> = {},
) {
  return render(
    <App>
      <WorkflowActions detail={{ ...base, ...detail, allowedEvents }} {...props} />
    </App>,
  );
}

const buttons = () => screen.queryAllByTestId(/^wf-action-/).map((b) => b.getAttribute('data-testid'));

async function confirmOk() {
  const ok = await screen.findByTestId('wf-confirm-ok');
  await act(async () => {
    fireEvent.click(ok);
  });
}

describe('WorkflowActions', { timeout: 30_000 }, () => {
  it('renders exactly the allowed events, nothing else', () => {
    renderActions(['AGREE', 'DISAGREE', 'RETURN']);
    expect(buttons().sort()).toEqual(['wf-action-AGREE', 'wf-action-DISAGREE', 'wf-action-RETURN']);
    expect(screen.getByTestId('wf-action-AGREE').textContent?.replace(/\s/g, '')).toBe('受理');
    expect(screen.getByTestId('wf-action-DISAGREE').textContent?.replace(/\s/g, '')).toBe('不予受理');
    cleanup();

    renderActions(['WITHDRAW'], {}, { stateValue: { inReview: 'cb' }, step: 'cb' as never });
    expect(buttons()).toEqual(['wf-action-WITHDRAW']);
    cleanup();

    renderActions(['AGREE', 'DISAGREE'], {}, { stateValue: { inReview: 'cs' }, step: 'cs' as never });
    expect(screen.getByTestId('wf-action-AGREE').textContent?.replace(/\s/g, '')).toBe('初审通过');
    expect(screen.getByTestId('wf-action-DISAGREE').textContent?.replace(/\s/g, '')).toBe('不同意');
    cleanup();

    // The 办结 step's buttons say 办结, not 同意.
    renderActions(['AGREE', 'DISAGREE'], {}, { stateValue: { inReview: 'bj' }, step: 'bj' as never });
    expect(screen.getByTestId('wf-action-AGREE').textContent?.replace(/\s/g, '')).toBe('办结');
    expect(screen.getByTestId('wf-action-DISAGREE').textContent?.replace(/\s/g, '')).toBe('不予准予并办结');
    cleanup();

    const { container } = renderActions([]);
    expect(buttons()).toEqual([]);
    expect(container.textContent).toBe('');
  });

  it('requires a comment for RETURN (after confirmation) and sends it with the version', async () => {
    const onDone = vi.fn();
    api.workflowEvents.mockResolvedValue({ code: 0, data: { ...base, version: 4, allowedEvents: [] } });
    renderActions(['AGREE', 'RETURN'], { onDone });

    fireEvent.click(screen.getByTestId('wf-action-RETURN'));
    await confirmOk();
    const submit = await screen.findByTestId('wf-submit');
    await act(async () => {
      fireEvent.click(submit);
    });
    expect(await screen.findByText('请填写意见')).toBeTruthy();
    expect(api.workflowEvents).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('wf-comment'), { target: { value: '材料不全，请补正' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('wf-submit'));
    });
    await waitFor(() => expect(api.workflowEvents).toHaveBeenCalledTimes(1));
    expect(api.workflowEvents).toHaveBeenCalledWith(7, { type: 'RETURN', comment: '材料不全，请补正', version: 3 });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ version: 4 })));
    expect(api.systemDictDataType).toHaveBeenCalledWith({ dictType: 'no_agree_comment' });
  });

  it('sends AGREE without a comment and calls onStale on 409', async () => {
    const onStale = vi.fn();
    const onDone = vi.fn();
    api.workflowEvents.mockRejectedValue({ code: 409, status: 409, msg: '数据已被他人更新，请刷新后重试' });
    renderActions(['AGREE'], { onStale, onDone });

    fireEvent.click(screen.getByTestId('wf-action-AGREE'));
    expect(screen.queryByTestId('wf-confirm-ok')).toBeNull();
    expect(await screen.findByTestId('wf-comment-preset')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTestId('wf-submit'));
    });
    await waitFor(() =>
      expect(api.workflowEvents).toHaveBeenCalledWith(7, { type: 'AGREE', comment: undefined, version: 3 }),
    );
    await waitFor(() => expect(onStale).toHaveBeenCalledTimes(1));
    expect(onDone).not.toHaveBeenCalled();
    expect(await screen.findByText('数据已被他人更新，请刷新后重试')).toBeTruthy();
    expect(api.systemDictDataType).toHaveBeenCalledWith({ dictType: 'new_cert_comment' });
  });

  it("decides by keyboard in a reviewer's view: A opens 受理, Ctrl+Enter sends; keys do nothing while typing or without shortcuts", async () => {
    const onDone = vi.fn();
    api.workflowEvents.mockResolvedValue({ code: 0, data: { ...base, version: 4, allowedEvents: [] } });
    renderActions(['AGREE', 'DISAGREE'], { onDone, shortcuts: true });
    expect(screen.getByTestId('wf-action-AGREE').getAttribute('aria-keyshortcuts')).toBe('A');
    // R stands for 退回, which this row does not allow: nothing opens.
    fireEvent.keyDown(document.body, { key: 'r' });
    expect(screen.queryByTestId('wf-comment')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'a' });
    const comment = await screen.findByTestId('wf-comment');
    // Typing an "a" into the comment is text, not a second decision.
    fireEvent.keyDown(comment, { key: 'a' });
    fireEvent.change(comment, { target: { value: '材料齐全' } });
    await act(async () => {
      fireEvent.keyDown(comment, { key: 'Enter', ctrlKey: true });
    });
    await waitFor(() => expect(api.workflowEvents).toHaveBeenCalledTimes(1));
    expect(api.workflowEvents).toHaveBeenCalledWith(7, { type: 'AGREE', comment: '材料齐全', version: 3 });
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    cleanup();

    renderActions(['AGREE']);
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(screen.queryByTestId('wf-comment')).toBeNull();
    expect(screen.getByTestId('wf-action-AGREE').getAttribute('aria-keyshortcuts')).toBeNull();
  });
});

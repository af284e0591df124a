// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims, useLanguage } from './login-setup';

const api = vi.hoisted(() => ({
  sendSmsCode: vi.fn(),
  smsLogin: vi.fn(),
}));

vi.mock('@/services/generated/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/services/generated/api')>();
  return { ...actual, loginSmsSend: api.sendSmsCode, loginSmsLogin: api.smsLogin };
});

import PhoneLoginModal from '@/pages/user/Login/PhoneLoginModal';

const sendButton = () => screen.getByTestId('phone-send') as HTMLButtonElement;
const label = () => sendButton().textContent?.replace(/\s+/g, ' ').trim();

async function flush(ms = 0): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeAll(async () => {
  installDomShims();
  await useLanguage('zh-CN');
});

beforeEach(() => {
  api.sendSmsCode.mockReset();
  api.smsLogin.mockReset();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('PhoneLoginModal send button', () => {
  it('counts down 60..1 after a successful send, then reads 重新发送', async () => {
    vi.useFakeTimers();
    api.sendSmsCode.mockResolvedValue({ code: 0, msg: 'ok', data: { token: 'vt-1', mobile: '138****0001' } });
    render(<PhoneLoginModal open onClose={() => undefined} onSuccess={() => undefined} />);
    await flush();

    expect(label()).toBe('获取验证码');
    expect(sendButton().disabled).toBe(false);

    fireEvent.change(screen.getByTestId('phone-mobile'), { target: { value: '13800000001' } });
    await act(async () => {
      fireEvent.click(sendButton());
    });
    await flush();

    expect(api.sendSmsCode).toHaveBeenCalledWith({ mobile: '13800000001' }, { isLogin: true });
    for (let s = 60; s >= 1; s--) {
      expect(label()).toBe(`${s} s`);
      expect(sendButton().disabled).toBe(true);
      await flush(1000);
    }
    expect(label()).toBe('重新发送');
    expect(sendButton().disabled).toBe(false);
  });

  it('shows the server msg (default 发送短信失败) and stays sendable when sending fails', async () => {
    vi.useFakeTimers();
    api.sendSmsCode.mockRejectedValueOnce({ code: 429, msg: '发送过于频繁，请稍后再试' });
    api.sendSmsCode.mockRejectedValueOnce({ code: 500 });
    render(<PhoneLoginModal open onClose={() => undefined} onSuccess={() => undefined} />);
    await flush();
    fireEvent.change(screen.getByTestId('phone-mobile'), { target: { value: '13800000001' } });
    await act(async () => {
      fireEvent.click(sendButton());
    });
    await flush();
    expect(screen.getByTestId('phone-error').textContent).toContain('发送过于频繁，请稍后再试');
    expect(label()).toBe('获取验证码');
    expect(sendButton().disabled).toBe(false);

    await act(async () => {
      fireEvent.click(sendButton());
    });
    await flush();
    expect(screen.getByTestId('phone-error').textContent).toContain('发送短信失败');
  });

  it('closing the modal resets the countdown and the form', async () => {
    vi.useFakeTimers();
    api.sendSmsCode.mockResolvedValue({ code: 0, msg: 'ok', data: { token: 'vt-1', mobile: '138****0001' } });
    const onClose = vi.fn();
    render(<PhoneLoginModal open onClose={onClose} onSuccess={() => undefined} />);
    await flush();
    fireEvent.change(screen.getByTestId('phone-mobile'), { target: { value: '13800000001' } });
    await act(async () => {
      fireEvent.click(sendButton());
    });
    await flush(3000);
    expect(label()).toBe('57 s');
    await act(async () => {
      fireEvent.click(screen.getByTestId('phone-cancel'));
    });
    await flush();
    expect(onClose).toHaveBeenCalled();
    expect(label()).toBe('获取验证码');
    expect(sendButton().disabled).toBe(false);
    expect((screen.getByTestId('phone-mobile') as HTMLInputElement).value).toBe('');
  });

  it('does not send without a valid mobile number', async () => {
    render(<PhoneLoginModal open onClose={() => undefined} onSuccess={() => undefined} />);
    await act(async () => {
      fireEvent.click(sendButton());
    });
    expect(await screen.findByText('手机号码不能为空')).toBeTruthy();
    expect(api.sendSmsCode).not.toHaveBeenCalled();
  });
});

describe('PhoneLoginModal submit', () => {
  it('requires the SMS code: 短信验证码不能为空', async () => {
    render(<PhoneLoginModal open onClose={() => undefined} onSuccess={() => undefined} />);
    fireEvent.change(screen.getByTestId('phone-mobile'), { target: { value: '13800000001' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('phone-submit'));
    });
    expect(await screen.findByText('短信验证码不能为空')).toBeTruthy();
    expect(api.smsLogin).not.toHaveBeenCalled();
  });

  it('logs in with the verifyToken of the send answer and closes', async () => {
    api.sendSmsCode.mockResolvedValue({ code: 0, msg: 'ok', data: { token: 'vt-9', mobile: '138****0001' } });
    api.smsLogin.mockResolvedValue({ code: 0, msg: 'ok', data: { token: 'session-token' } });
    const onSuccess = vi.fn();
    const onClose = vi.fn();
    render(<PhoneLoginModal open onClose={onClose} onSuccess={onSuccess} />);
    fireEvent.change(screen.getByTestId('phone-mobile'), { target: { value: '13800000001' } });
    await act(async () => {
      fireEvent.click(sendButton());
    });
    await screen.findByTestId('phone-info');
    fireEvent.change(screen.getByTestId('phone-code'), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('phone-submit'));
    });
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith('session-token'));
    expect(api.smsLogin).toHaveBeenCalledWith(
      { mobile: '13800000001', code: '123456' },
      { verifytoken: 'vt-9' },
      { isLogin: true },
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('shows data.errorMsg, else msg, else 短信验证码登录失败', async () => {
    api.sendSmsCode.mockResolvedValue({ code: 0, msg: 'ok', data: { token: 'vt-2', mobile: '138****0001' } });
    api.smsLogin
      .mockRejectedValueOnce({ code: 400, msg: '登录失败', data: { errorMsg: '验证码错误' } })
      .mockRejectedValueOnce({ code: 400, msg: '验证码已过期' })
      .mockRejectedValueOnce({ code: 500 });
    render(<PhoneLoginModal open onClose={() => undefined} onSuccess={() => undefined} />);
    fireEvent.change(screen.getByTestId('phone-mobile'), { target: { value: '13800000001' } });
    await act(async () => {
      fireEvent.click(sendButton());
    });
    await screen.findByTestId('phone-info');
    fireEvent.change(screen.getByTestId('phone-code'), { target: { value: '000000' } });
    for (const expected of ['验证码错误', '验证码已过期', '短信验证码登录失败']) {
      await act(async () => {
        fireEvent.click(screen.getByTestId('phone-submit'));
      });
      await vi.waitFor(() => expect(screen.getByTestId('phone-error').textContent).toContain(expected));
    }
  });
});

// @vitest-environment jsdom
/**
 * The admin kit renders what the server answers: the review link's words follow canReview/canCancel,
 * the status follows `enabled`, and a server error lands on the form field it names only when the
 * form has that field (else the message alone speaks).
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input, type FormInstance } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, useLanguage } from './login-setup';
import { ReviewLink, StatusCell, useRules, useServerError } from '@/components/AdminKit';
import type { PendingInfo } from '@/components/AdminKit';

beforeAll(async () => {
  installDomShims();
  await useLanguage('zh-CN');
});
afterEach(() => cleanup());

const pending = (over: Partial<PendingInfo>): PendingInfo => ({
  reviewId: 7,
  checkStatus: '2',
  change: 'update',
  submittedBy: 1,
  submitterName: 'admin',
  submittedAt: '2026-01-02T03:04:05.000Z',
  canReview: false,
  canCancel: false,
  ...over,
});

describe('ReviewLink', () => {
  it.each([
    [{ canReview: true }, '审核'],
    [{ canCancel: true }, '查看/撤回'],
    [{}, '查看'],
  ])('%o reads %s and opens the review', (over, text) => {
    const onOpen = vi.fn();
    render(<ReviewLink pending={pending(over)} onOpen={onOpen} testId="review-link" />);
    const link = screen.getByTestId('review-link');
    expect(link.textContent).toBe(text);
    link.click();
    expect(onOpen).toHaveBeenCalledWith(7);
  });
});

describe('StatusCell', () => {
  it('shows the tag from enabled to whoever may not switch it', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <App>
        <StatusCell
          editable={false}
          enabled
          name="x"
          disableText=""
          onChange={onChange}
          onDone={() => undefined}
          testId="s"
        />
      </App>,
    );
    expect(screen.getByText('正常')).toBeTruthy();
    expect(screen.queryByTestId('s')).toBeNull();
    rerender(
      <App>
        <StatusCell
          editable={false}
          enabled={false}
          name="x"
          disableText=""
          onChange={onChange}
          onDone={() => undefined}
          testId="s"
        />
      </App>,
    );
    expect(screen.getByText('停用')).toBeTruthy();
  });

  it('is a switch, checked from enabled, for whoever may', () => {
    render(
      <App>
        <StatusCell editable enabled name="x" disableText="" onChange={vi.fn()} onDone={() => undefined} testId="s" />
      </App>,
    );
    expect(screen.getByTestId('s').getAttribute('aria-checked')).toBe('true');
  });
});

describe('useServerError', () => {
  function Harness({ expose }: { expose: (showError: ReturnType<typeof useServerError>, form: FormInstance) => void }) {
    const [form] = Form.useForm();
    const showError = useServerError();
    expose(showError, form);
    return (
      <Form form={form}>
        <Form.Item name="configKey" label="参数键名">
          <Input />
        </Form.Item>
      </Form>
    );
  }

  function mount() {
    let show: ReturnType<typeof useServerError> = () => undefined;
    let form: FormInstance | undefined;
    render(
      <App>
        <Harness
          expose={(s, f) => {
            show = s;
            form = f;
          }}
        />
      </App>,
    );
    return { show: (err: unknown) => act(() => show(err, form)), form: () => form! };
  }

  it('puts the message on the field the server names when the form has it', async () => {
    const { show, form } = mount();
    show({ code: 400, msg: '参数键名已存在', field: 'configKey' });
    expect(form().getFieldError('configKey')).toEqual(['参数键名已存在']);
    await waitFor(() => expect(screen.getAllByText('参数键名已存在').length).toBeGreaterThan(0));
  });

  it('leaves a field the form lacks to the message alone', async () => {
    const { show, form } = mount();
    show({ code: 400, msg: '存储配置不完整', field: 'ossConfigId' });
    expect(form().getFieldError('ossConfigId')).toEqual([]);
    expect(form().getFieldError('configKey')).toEqual([]);
    await waitFor(() => expect(screen.getByText('存储配置不完整')).toBeTruthy());
  });
});

describe('useRules', () => {
  it('a required choice accepts a chosen id (a number) and names the field when nothing is chosen', async () => {
    let form: FormInstance | undefined;
    function Harness() {
      const [f] = Form.useForm();
      const rules = useRules();
      form = f;
      return (
        <Form form={f}>
          <Form.Item name="deptId" rules={rules.required('部门', true)}>
            <Input />
          </Form.Item>
        </Form>
      );
    }
    render(
      <App>
        <Harness />
      </App>,
    );
    await act(async () => {
      await expect(form!.validateFields()).rejects.toMatchObject({ errorFields: [{ errors: ['请选择部门'] }] });
    });
    act(() => form!.setFieldsValue({ deptId: 3 }));
    await act(async () => {
      await expect(form!.validateFields()).resolves.toEqual({ deptId: 3 });
    });
  });
});

// @vitest-environment jsdom
/**
 * The apply wizard against a mocked API: the pre-check stops it with the server's words (or
 * 校验失败), the first 保存 creates the draft and later ones update it with the version, a
 * refusal naming a field shows next to that field without losing what was typed, and a rule's
 * refusal on submit shows the rule's message.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims, useLanguage } from './login-setup';

const api = vi.hoisted(() => ({
  listCandidates: vi.fn(),
  checkData: vi.fn(),
  saveBusiness: vi.fn(),
  updateBusiness: vi.fn(),
  submitBusiness: vi.fn(),
  getBusiness: vi.fn(),
  getDictItems: vi.fn(),
}));

vi.mock('@/services/business', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/services/business')>();
  return {
    ...actual,
    listCandidates: api.listCandidates,
    saveBusiness: api.saveBusiness,
    updateBusiness: api.updateBusiness,
    submitBusiness: api.submitBusiness,
    getBusiness: api.getBusiness,
  };
});
// The pre-check and the dictionaries are generated operations the wizard calls directly.
vi.mock('@/services/generated/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/services/generated/api')>();
  return { ...actual, applyCertificationCheckDataByApplyId: api.checkData, systemDictDataType: api.getDictItems };
});

import ApplyWizard from '@/pages/business/components/ApplyWizard';
import OutProvinceForm from '@/pages/business/OutProvince/OutProvinceForm';
import DelayForm from '@/pages/business/ApplyDelay/DelayForm';

beforeAll(async () => {
  installDomShims();
  await useLanguage('zh-CN');
});

const cert = {
  personId: 61,
  name: '田瑜',
  idNo: '440222198809197619',
  sex: '0',
  age: 38,
  certificateId: 94,
  certNo: '粤建安C3（2024）0000907',
  category: 'C3',
  expiryDate: '2027-01-06',
  status: '01',
  enterpriseName: '广州市宏建建筑工程建工集团有限公司',
};
const detail = (over: Record<string, unknown> = {}) => ({
  data: { id: 41, version: 0, applyNo: 'YQ2026112200001', status: 1, ...over },
  msg: '保存成功',
  code: 0,
});

beforeEach(() => {
  for (const f of Object.values(api)) f.mockReset();
  api.listCandidates.mockResolvedValue({ code: 0, data: [cert] });
  api.getDictItems.mockResolvedValue({ code: 0, data: [] });
});
afterEach(() => cleanup());

function renderWizard(type: 'delay' | 'outProvince', onChanged = vi.fn(), onClose = vi.fn()) {
  render(
    <App>
      <ApplyWizard
        type={type}
        open
        editId={null}
        Form={type === 'delay' ? DelayForm : OutProvinceForm}
        onClose={onClose}
        onChanged={onChanged}
      />
    </App>,
  );
  return { onChanged, onClose };
}

async function pick() {
  const row = await screen.findByText('田瑜');
  await act(async () => {
    fireEvent.click(row);
  });
}

const next = () => screen.getByTestId('wizard-step-next');

describe('step 0: choose and pre-check', () => {
  it("stops on a failed check with the server's message exactly", async () => {
    api.checkData.mockResolvedValue({ code: 5, data: null, errorMsg: '申请人超过年龄限制', warnMsg: null });
    renderWizard('delay');
    await pick();
    expect(api.checkData).toHaveBeenCalledWith({ businessType: 'delay', personId: undefined, certificateId: 94 });
    const error = await screen.findByTestId('wizard-precheck-error');
    expect(error.textContent).toContain('申请人超过年龄限制');
    expect(next()).toHaveProperty('disabled', true);
  });

  it('says 校验失败 when the answer has neither data nor a message', async () => {
    api.checkData.mockResolvedValue({ code: 0, data: null, errorMsg: null, warnMsg: null });
    renderWizard('delay');
    await pick();
    expect((await screen.findByTestId('wizard-precheck-error')).textContent).toContain('校验失败');
    expect(next()).toHaveProperty('disabled', true);
  });

  it('shows the facts of a passed check and goes on', async () => {
    api.checkData.mockResolvedValue({
      code: 0,
      data: {
        certNo: cert.certNo,
        expiryDate: cert.expiryDate,
        educationHours: 92,
        requiredHours: 72,
        newValidFrom: '2027-01-07',
        newExpiryDate: '2030-01-06',
      },
      errorMsg: null,
      warnMsg: null,
    });
    renderWizard('delay');
    expect(next()).toHaveProperty('disabled', true);
    await pick();
    const ok = await screen.findByTestId('wizard-precheck-ok');
    expect(within(ok).getByTestId('wizard-fact-educationHours').textContent).toBe('92 / 72');
    await waitFor(() => expect(next()).toHaveProperty('disabled', false));
    await act(async () => {
      fireEvent.click(next());
    });
    // The new expiry is the server's answer (the same function its 办结 uses), not worked out here.
    await waitFor(() => expect(screen.getByTestId('delay-new-expiry').textContent).toBe('2030-01-06'));
    // The last step says the validity the certificate will get (not 无需填写其他内容).
    for (let i = 0; i < 2 && !screen.queryByTestId('wizard-summary'); i++) {
      await act(async () => {
        fireEvent.click(next());
      });
    }
    const validity = await screen.findByTestId('wizard-summary-validity');
    expect(validity.textContent).toContain('2027-01-07 至 2030-01-06');
    expect(screen.getByTestId('wizard-summary').textContent).not.toContain('无需填写其他内容');
  });
});

describe('save, update and submit', () => {
  it('creates the draft on the first 保存 and updates it with the version afterwards', async () => {
    api.checkData.mockResolvedValue({ code: 0, data: { certNo: cert.certNo }, errorMsg: null });
    api.saveBusiness.mockResolvedValue(detail());
    api.updateBusiness.mockResolvedValue(detail({ version: 1 }));
    const { onChanged } = renderWizard('delay');
    await pick();
    await screen.findByTestId('wizard-precheck-ok');
    await act(async () => {
      fireEvent.click(screen.getByTestId('wizard-save'));
    });
    expect(api.saveBusiness).toHaveBeenCalledWith('delay', {
      personId: undefined,
      certificateId: 94,
      payload: { materials: [] },
    });
    await screen.findByText('YQ2026112200001');
    fireEvent.change(screen.getByTestId('wizard-remark'), { target: { value: '请予延期' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('wizard-save'));
    });
    expect(api.updateBusiness).toHaveBeenCalledWith('delay', {
      id: 41,
      version: 0,
      payload: { remark: '请予延期', materials: [] },
    });
    expect(onChanged).toHaveBeenCalledTimes(2);
  });

  it('shows a refused field next to the field and keeps what was typed', async () => {
    api.checkData.mockResolvedValue({ code: 0, data: {}, errorMsg: null });
    api.saveBusiness.mockRejectedValue({
      code: 400,
      status: 400,
      msg: '调入省份不能超过20字',
      field: 'payload.targetProvince',
    });
    renderWizard('outProvince');
    await pick();
    await screen.findByTestId('wizard-precheck-ok');
    await act(async () => {
      fireEvent.click(next());
    });
    const province = screen.getByTestId('wizard-field-targetProvince') as HTMLInputElement;
    fireEvent.change(province, { target: { value: '一个很长很长很长很长很长很长很长的省份名称' } });
    fireEvent.change(screen.getByTestId('wizard-field-reason'), { target: { value: '调往外省任职' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('wizard-save'));
    });
    await waitFor(() => expect(screen.getAllByText('调入省份不能超过20字').length).toBeGreaterThan(0));
    expect((screen.getByTestId('wizard-field-targetProvince') as HTMLInputElement).value).toBe(
      '一个很长很长很长很长很长很长很长的省份名称',
    );
    expect((screen.getByTestId('wizard-field-reason') as HTMLTextAreaElement).value).toBe('调往外省任职');
  });

  it("saves, submits with the new version, and on a rule's refusal shows its message and stays open", async () => {
    api.checkData.mockResolvedValue({ code: 0, data: {}, errorMsg: null });
    api.saveBusiness.mockResolvedValue(detail());
    api.submitBusiness.mockRejectedValue({ code: 4, status: 422, msg: '该证书有其他业务正在办理' });
    const { onClose } = renderWizard('outProvince');
    await pick();
    await screen.findByTestId('wizard-precheck-ok');
    await act(async () => {
      fireEvent.click(next());
    });
    fireEvent.change(screen.getByTestId('wizard-field-targetProvince'), { target: { value: '湖南省' } });
    fireEvent.change(screen.getByTestId('wizard-field-reason'), { target: { value: '调往湖南省企业任职' } });
    for (let i = 0; i < 2; i++) {
      await act(async () => {
        fireEvent.click(next());
      });
    }
    await act(async () => {
      fireEvent.click(await screen.findByTestId('wizard-submit'));
    });
    await waitFor(() => expect(api.submitBusiness).toHaveBeenCalledWith('outProvince', 41, 0));
    expect(api.saveBusiness).toHaveBeenCalledWith('outProvince', {
      personId: undefined,
      certificateId: 94,
      payload: { targetProvince: '湖南省', reason: '调往湖南省企业任职', materials: [] },
    });
    expect((await screen.findByTestId('wizard-submit-error')).textContent).toContain('该证书有其他业务正在办理');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does not leave the form step while a required field is empty', async () => {
    api.checkData.mockResolvedValue({ code: 0, data: {}, errorMsg: null });
    renderWizard('outProvince');
    await pick();
    await screen.findByTestId('wizard-precheck-ok');
    await act(async () => {
      fireEvent.click(next());
    });
    await act(async () => {
      fireEvent.click(next());
    });
    await screen.findByText('调入省份不能为空');
    expect(screen.getByTestId('wizard-field-targetProvince')).toBeTruthy();
    expect(screen.queryByTestId('wizard-summary')).toBeNull();
  });
});

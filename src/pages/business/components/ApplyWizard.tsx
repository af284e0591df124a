/**
 * The apply modal of every business type: steps 0–3 (revocations 1–5) over one form, so nothing
 * typed is lost between steps or on a refusal. Step 0 chooses the subject and runs the pre-check
 * (the wizard stops on a failure, with the server's words); the type's own form and the materials
 * follow; the last step sums up and submits. 保存 works at any step: the first save creates the
 * draft ({base}/save), later ones replace it ({base}/update with the version). A field the server
 * names gets the message next to it, on its step.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Skeleton, Space, Steps, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BusinessType } from '@machines/businessTypes';
import { useCurrentUser } from '@/store/user';
import { errorMessage, isUnauthorized, toApiError } from '@/services/request';
import { checkData, getBusiness, saveBusiness, submitBusiness, updateBusiness, type CandidateRow, type CheckAnswer } from '@/services/business';
import CertificateDetailView from './CertificateDetailView';
import MaterialsUpload from './MaterialsUpload';
import SubjectStep, { type PrecheckState } from './SubjectStep';
import SummaryStep from './SummaryStep';
import {
  blockReason, buildPayload, canSubmit, fieldsOfStep, locateField, precheckOutcome, ruleMessage, stepsOf, TARGETS, toFormValues, type MaterialItem,
} from './logic';
import { NS, subjectFromCandidate, subjectFromDetail, type BusinessFormComponent, type SubjectInfo } from './types';

export interface ApplyWizardProps {
  type: BusinessType;
  open: boolean;
  /** a saved draft to continue; null starts a new application */
  editId: number | null;
  /** the type's own form (step "form") */
  Form?: BusinessFormComponent;
  /** the type's own step-0 fields (newCert: category and position) */
  SubjectExtra?: BusinessFormComponent;
  onClose: () => void;
  /** something was saved or submitted: reload the list */
  onChanged: () => void;
}

interface Draft {
  id: number;
  version: number;
  applyNo: string;
}

export default function ApplyWizard(props: ApplyWizardProps) {
  // A fresh body per opening: a new application starts empty, a draft loads anew.
  return props.open ? <WizardBody key={props.editId ?? 'new'} {...props} /> : null;
}

function WizardBody({ type, editId, Form: TypeForm, SubjectExtra, onClose, onChanged }: ApplyWizardProps) {
  const { t, i18n } = useTranslation(NS);
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const steps = stepsOf(type);
  const target = TARGETS[type];
  const enterpriseName = useCurrentUser()?.info.enterpriseInfo?.name ?? null;

  const [index, setIndex] = useState(0);
  const [draft, setDraftState] = useState<Draft | null>(null);
  const draftRef = useRef<Draft | null>(null);
  const [subject, setSubject] = useState<SubjectInfo | null>(null);
  const [check, setCheck] = useState<PrecheckState>({ status: 'idle' });
  const checkSeq = useRef(0);
  const [busy, setBusy] = useState<'save' | 'submit' | 'next' | null>(null);
  const [loading, setLoading] = useState(editId !== null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [returned, setReturned] = useState<string | null>(null);

  const setDraft = (d: Draft | null) => {
    draftRef.current = d;
    setDraftState(d);
  };

  const stepKey = steps[index]!;
  const gate = { target, hasSubject: !!subject, precheck: check.status };
  const blocked = blockReason(stepKey, gate);

  /** Shows a refusal: next to its field (on the field's step) when the server names one, and as a message. */
  const showError = useCallback(
    (err: unknown, fallback: string, onSubmit = false) => {
      if (isUnauthorized(err)) return;
      const e = toApiError(err);
      const msg = e.msg || fallback;
      const place = locateField(type, e.field);
      if (place) {
        if (place.name) form.setFields([{ name: place.name, errors: [msg] }]);
        const i = stepsOf(type).indexOf(place.step);
        if (i >= 0) setIndex(i);
      }
      if (onSubmit) setSubmitError(msg);
      void message.error(msg);
    },
    [form, message, type],
  );

  /** Saves the form: the first time as a new draft, then as an update of it. */
  const persist = useCallback(async (): Promise<{ draft: Draft; msg?: string } | null> => {
    const payload = buildPayload(type, form.getFieldsValue(true) as Record<string, unknown>);
    const current = draftRef.current;
    try {
      const res = current
        ? await updateBusiness(type, { id: current.id, version: current.version, payload })
        : await saveBusiness(type, {
            personId: target === 'person' ? (subject?.personId ?? null) : undefined,
            certificateId: target === 'certificate' ? (subject?.certificateId ?? null) : undefined,
            payload,
          });
      const next = { id: res.data.id, version: res.data.version, applyNo: res.data.applyNo };
      setDraft(next);
      onChanged();
      return { draft: next, msg: res.msg };
    } catch (err) {
      showError(err, t('wizard.saveFailed'));
      return null;
    }
  }, [form, onChanged, showError, subject, t, target, type]);

  /** The pre-check of the current choice (or of the saved draft). */
  const runCheck = useCallback(
    async (chosen: SubjectInfo | null, draftId: number | null) => {
      const seq = ++checkSeq.current;
      const { category, position } = form.getFieldsValue(['category', 'position']) as { category?: string; position?: string };
      if (target !== 'enterprise' && !chosen) return setCheck({ status: 'idle' });
      if (type === 'newCert' && (!category || !position)) return setCheck({ status: 'idle' });
      setCheck({ status: 'checking' });
      try {
        let answer: CheckAnswer;
        if (draftId) {
          answer = await checkData({ applyId: draftId });
        } else {
          answer = await checkData({
            businessType: type,
            personId: target === 'person' ? (chosen?.personId ?? undefined) : undefined,
            certificateId: target === 'certificate' ? (chosen?.certificateId ?? undefined) : undefined,
            ...(type === 'newCert' ? { category, position } : {}),
          });
        }
        if (seq !== checkSeq.current) return;
        const outcome = precheckOutcome(answer, t('precheck.failed'), { formLater: !!draftId && type !== 'newCert' });
        setCheck(outcome.ok
          ? { status: 'ok', facts: outcome.facts, warn: outcome.warn }
          : { status: 'error', message: ruleMessage(outcome.code, outcome.message, i18n.language, (key, fallback) => t(key, { defaultValue: fallback })) });
      } catch (err) {
        if (seq !== checkSeq.current || isUnauthorized(err)) return;
        setCheck({ status: 'error', message: errorMessage(err, t('precheck.failed')) });
      }
    },
    [form, t, i18n, target, type],
  );

  // A saved draft: its subject is fixed, its form comes back, the check runs against it.
  useEffect(() => {
    if (editId === null) {
      if (target === 'enterprise') void runCheck(null, null);
      return;
    }
    let live = true;
    getBusiness(type, editId)
      .then((res) => {
        if (!live) return;
        const d = res.data;
        setDraft({ id: d.id, version: d.version, applyNo: d.applyNo });
        setReturned(d.lastComment);
        const s = subjectFromDetail(d);
        setSubject(s);
        form.setFieldsValue(toFormValues(type, d.payload ?? {}, d.materials ?? []));
        void runCheck(s, d.id);
      })
      .catch((err: unknown) => live && !isUnauthorized(err) && setLoadError(errorMessage(err, t('wizard.loadFailed'))))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);

  const choose = (row: CandidateRow) => {
    if (draftRef.current) return;
    const s = subjectFromCandidate(row);
    setSubject(s);
    setSubmitError(null);
    void runCheck(s, null);
  };

  const onValuesChange = (changed: Record<string, unknown>) => {
    if (type !== 'newCert' || !('category' in changed || 'position' in changed)) return;
    // A saved draft is checked by its id: save the new choice first so the check sees it.
    const saved = draftRef.current;
    if (saved) void persist().then((r) => r && runCheck(subject, r.draft.id));
    else void runCheck(subject, null);
  };

  const next = async () => {
    if (blocked) {
      void message.warning(t(`gate.${blocked}`));
      return;
    }
    const names = fieldsOfStep(type, stepKey);
    setBusy('next');
    try {
      if (names.length) await form.validateFields(names);
      setIndex((i) => Math.min(i + 1, steps.length - 1));
    } catch {
      // the form shows what is missing next to each field
    } finally {
      setBusy(null);
    }
  };

  const save = async () => {
    setBusy('save');
    try {
      const r = await persist();
      if (r) void message.success(r.msg || t('wizard.saved'));
    } finally {
      setBusy(null);
    }
  };

  const submit = async () => {
    setSubmitError(null);
    try {
      await form.validateFields();
    } catch (err) {
      const first = (err as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name?.[0];
      const place = locateField(type, typeof first === 'string' ? first : null);
      if (place) setIndex(steps.indexOf(place.step));
      return;
    }
    setBusy('submit');
    try {
      const saved = await persist();
      if (!saved) return;
      const res = await submitBusiness(type, saved.draft.id, saved.draft.version);
      void message.success(res.msg || t('wizard.submitted'));
      onChanged();
      onClose();
    } catch (err) {
      showError(err, t('wizard.submitFailed'), true);
    } finally {
      setBusy(null);
    }
  };

  const formProps = { type, form, subject, facts: check.facts ?? null };
  const last = index === steps.length - 1;
  const values = stepKey === 'summary' ? (form.getFieldsValue(true) as Record<string, unknown>) : {};

  return (
    <Modal
      open
      width={1000}
      title={
        <span data-testid="wizard-title">
          {t('wizard.title', { business: t(`business.${type}`) })}
          {draft ? <span style={{ marginInlineStart: 8, fontWeight: 'normal' }}>{draft.applyNo}</span> : null}
        </span>
      }
      onCancel={onClose}
      maskClosable={false}
      data-testid="business-wizard"
      footer={
        <Space wrap>
          <Button onClick={onClose} data-testid="wizard-cancel">
            {t('wizard.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={busy === 'save'} disabled={loading || !!loadError || (busy !== null && busy !== 'save')} data-testid="wizard-save">
            {t('wizard.save')}
          </Button>
          {index > 0 ? (
            <Button onClick={() => setIndex((i) => Math.max(0, i - 1))} disabled={busy !== null} data-testid="wizard-step-prev">
              {t('wizard.prev')}
            </Button>
          ) : null}
          {!last ? (
            <Tooltip title={blocked ? t(`gate.${blocked}`) : undefined}>
              <Button type="primary" onClick={() => void next()} disabled={!!blocked || loading || busy !== null} loading={busy === 'next'} data-testid="wizard-step-next">
                {t('wizard.next')}
              </Button>
            </Tooltip>
          ) : (
            <Button
              type="primary"
              onClick={() => void submit()}
              loading={busy === 'submit'}
              disabled={!canSubmit(steps, index, gate) || (busy !== null && busy !== 'submit')}
              data-testid="wizard-submit"
            >
              {t('wizard.submit')}
            </Button>
          )}
        </Space>
      }
    >
      <Steps
        size="small"
        current={index}
        style={{ marginBottom: 24 }}
        items={steps.map((k) => ({ key: k, title: t(stepTitleKey(type, k, target)) }))}
        data-testid="wizard-steps"
      />
      {loadError ? (
        <div data-testid="wizard-load-error" style={{ color: '#ff4d4f' }}>
          {loadError}
        </div>
      ) : null}
      {loading ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {returned ? (
        <Alert type="warning" showIcon message={t('list.lastComment')} description={returned} style={{ marginBottom: 16 }} data-testid="wizard-returned" />
      ) : null}
      <Form form={form} layout="vertical" onValuesChange={onValuesChange} initialValues={{ materials: [] }} data-testid="wizard-form">
        <div style={{ display: loading || loadError ? 'none' : undefined }}>
          <div style={{ display: stepKey === 'subject' ? undefined : 'none' }}>
            <SubjectStep
              {...formProps}
              target={target}
              locked={!!draft || editId !== null}
              enterpriseName={enterpriseName}
              onChoose={choose}
              check={check}
              onRecheck={() => void runCheck(subject, draftRef.current?.id ?? null)}
              Extra={SubjectExtra}
            />
          </div>
          {stepKey === 'detail' ? <CertificateDetailView certificateId={subject?.certificateId ?? null} /> : null}
          <div style={{ display: stepKey === 'form' ? undefined : 'none' }} data-testid="wizard-business-form">
            {TypeForm ? <TypeForm {...formProps} /> : null}
            <Form.Item name="remark" label={t('field.remark')} rules={[{ max: 500, message: t('rule.remarkMax') }]}>
              <Input.TextArea rows={3} maxLength={500} showCount data-testid="wizard-remark" />
            </Form.Item>
          </div>
          <div style={{ display: stepKey === 'materials' ? undefined : 'none' }}>
            <Form.Item name="materials" label={t('field.materials')}>
              <MaterialsUpload ownerRef={draft ? `application:${draft.id}` : undefined} />
            </Form.Item>
          </div>
          {stepKey === 'summary' ? (
            <SummaryStep
              type={type}
              target={target}
              subject={subject}
              enterpriseName={enterpriseName}
              payload={buildPayload(type, values)}
              files={(values.materials as MaterialItem[] | undefined) ?? []}
              submitError={submitError}
            />
          ) : null}
        </div>
      </Form>
    </Modal>
  );
}

/** The title of a step: step 0 names what is chosen, the form step names the type's business. */
function stepTitleKey(type: BusinessType, step: string, target: string): string {
  if (step === 'subject') return `step.subject_${target}`;
  if (step === 'form') return `step.form_${type}`;
  return `step.${step}`;
}

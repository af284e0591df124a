/**
 * The apply modal of every business type, run by the applyWizard statechart
 * (machines/applyWizard.machine.ts): the machine decides which step may be left, when the check
 * runs, when saving and submitting are possible; this page renders its snapshot, talks to the
 * server and hands the answers back as events. One antd form holds what is typed, so nothing is
 * lost between steps or on a refusal. A field the server names gets the message next to it, on
 * its step.
 */
import { useCallback, useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { Alert, App, Button, Form, Input, Modal, Skeleton, Space, Steps, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BusinessType, SubjectTarget } from '@machines/businessTypes';
import {
  applyWizardMachine,
  blockReason,
  canSave,
  canSubmit,
  CHECK_PARAMS,
  currentStep,
  isBusy,
  isSubjectLocked,
  questionKey,
  type WizardDraft,
  type WizardError,
  type WizardSubject,
} from '@machines/applyWizard.machine';
import { useCurrentUser } from '@/store/user';
import { errorMessage, isUnauthorized, toApiError } from '@/services/request';
import {
  getBusiness,
  saveBusiness,
  submitBusiness,
  updateBusiness,
  type CandidateRow,
  type CheckAnswer,
} from '@/services/business';
import { applyCertificationCheckDataByApplyId } from '@/services/generated/api';
import CertificateDetailView from './CertificateDetailView';
import MaterialsUpload from './MaterialsUpload';
import SubjectStep, { type PrecheckState } from './SubjectStep';
import SummaryStep from './SummaryStep';
import {
  buildPayload,
  fieldsOfStep,
  locateField,
  precheckOutcome,
  ruleMessage,
  toFormValues,
  type MaterialItem,
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

export default function ApplyWizard(props: ApplyWizardProps) {
  // A fresh body per opening: a new application starts empty, a draft loads anew.
  return props.open ? <WizardBody key={props.editId ?? 'new'} {...props} /> : null;
}

function WizardBody({ type, editId, Form: TypeForm, SubjectExtra, onClose, onChanged }: ApplyWizardProps) {
  const { t, i18n } = useTranslation(NS);
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [snap, send, actor] = useMachine(applyWizardMachine, { input: { type, draftId: editId } });
  const { steps, target } = snap.context;
  const enterpriseName = useCurrentUser()?.info.enterpriseInfo?.name ?? null;
  const [validating, setValidating] = useState(false);

  const stepKey = currentStep(snap);
  const index = steps.indexOf(stepKey);
  const blocked = blockReason(snap);
  const busy = isBusy(snap) || validating;
  const subject = (snap.context.subject?.display ?? null) as SubjectInfo | null;
  const check: PrecheckState = snap.matches({ precheck: 'passed' })
    ? { status: 'ok', facts: snap.context.facts, warn: snap.context.warn }
    : snap.matches({ precheck: 'refused' })
      ? { status: 'error', message: snap.context.refusal?.message }
      : snap.matches({ precheck: 'checking' })
        ? { status: 'checking' }
        : { status: 'idle' };

  /** Shows a refusal: next to its field, on the field's step, when the server names one, and as a message. */
  const showError = useCallback(
    (err: unknown, fallback: string): WizardError | null => {
      if (isUnauthorized(err)) return null;
      const e = toApiError(err);
      const msg = e.msg || fallback;
      const place = locateField(type, e.field);
      if (place) {
        if (place.name) form.setFields([{ name: place.name, errors: [msg] }]);
        if (place.step !== 'summary') send({ type: `GOTO.${place.step}` });
      }
      void message.error(msg);
      return { message: msg, field: e.field ?? null };
    },
    [form, message, send, type],
  );

  /** Asks the server the question the machine is checking, and hands the answer back. */
  const askPrecheck = useCallback(async () => {
    const s = actor.getSnapshot();
    if (!s.matches({ precheck: 'checking' })) return;
    const asked = questionKey(s.context);
    const chosen = s.context.subject;
    const draftId = s.context.draftId;
    try {
      const answer: CheckAnswer = draftId
        ? await applyCertificationCheckDataByApplyId({ applyId: draftId })
        : await applyCertificationCheckDataByApplyId({
            businessType: type,
            personId: target === 'person' ? (chosen?.personId ?? undefined) : undefined,
            certificateId: target === 'certificate' ? (chosen?.certificateId ?? undefined) : undefined,
            ...(CHECK_PARAMS[type]
              ? Object.fromEntries(CHECK_PARAMS[type].map((k) => [k, s.context.form[k] as string | undefined]))
              : {}),
          });
      const outcome = precheckOutcome(answer, t('precheck.failed'), { formLater: !!draftId && !CHECK_PARAMS[type] });
      send({
        type: 'CHECK.ANSWER',
        questionKey: asked,
        answer: outcome.ok
          ? { passed: true, facts: outcome.facts, warn: outcome.warn }
          : {
              passed: false,
              code: outcome.code,
              message: ruleMessage(outcome.code, outcome.message, i18n.language, (key, fallback) =>
                t(key, { defaultValue: fallback }),
              ),
            },
      });
    } catch (err) {
      if (isUnauthorized(err)) return;
      send({
        type: 'CHECK.ANSWER',
        questionKey: asked,
        answer: { passed: false, code: null, message: errorMessage(err, t('precheck.failed')) },
      });
    }
  }, [actor, i18n, send, t, target, type]);

  /** Saves the form while the machine is saving or submitting: a new draft the first time, then an update of it. */
  const persist = useCallback(async (): Promise<{ draft: WizardDraft; msg?: string }> => {
    const payload = buildPayload(type, form.getFieldsValue(true) as Record<string, unknown>);
    const { draft, subject: chosen } = actor.getSnapshot().context;
    const res = draft
      ? await updateBusiness(type, { id: draft.id, version: draft.version, payload })
      : await saveBusiness(type, {
          personId: target === 'person' ? (chosen?.personId ?? null) : undefined,
          certificateId: target === 'certificate' ? (chosen?.certificateId ?? null) : undefined,
          payload,
        });
    const saved = { id: res.data.id, version: res.data.version, applyNo: res.data.applyNo };
    send({ type: 'SAVED', draft: saved });
    onChanged();
    return { draft: saved, msg: res.msg };
  }, [actor, form, onChanged, send, target, type]);

  // A saved draft: its subject is fixed, its form comes back, the check runs against it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening: the wizard is opened again for another draft
  useEffect(() => {
    if (editId === null) {
      if (target === 'enterprise') {
        send({ type: 'CHECK' });
        void askPrecheck();
      }
      return;
    }
    let live = true;
    getBusiness(type, editId)
      .then((res) => {
        if (!live) return;
        const d = res.data;
        const values = toFormValues(type, d.payload ?? {}, d.materials ?? []);
        form.setFieldsValue(values);
        const { materials: _files, ...rest } = values;
        const info = subjectFromDetail(d);
        send({
          type: 'LOADED',
          draft: { id: d.id, version: d.version, applyNo: d.applyNo },
          subject: info ? toWizardSubject(target, info) : null,
          form: rest,
          lastComment: d.lastComment,
        });
        send({ type: 'MATERIALS', ...materialCounts(values.materials) });
        send({ type: 'CHECK' });
        void askPrecheck();
      })
      .catch(
        (err: unknown) =>
          live &&
          !isUnauthorized(err) &&
          send({ type: 'LOAD.FAILED', message: errorMessage(err, t('wizard.loadFailed')) }),
      );
    return () => {
      live = false;
    };
  }, []);

  const choose = (row: CandidateRow) => {
    send({ type: 'CHOOSE', subject: toWizardSubject(target, subjectFromCandidate(row)) });
    void askPrecheck();
  };

  const onValuesChange = (changed: Record<string, unknown>, all: Record<string, unknown>) => {
    const { materials, ...rest } = changed;
    if (materials !== undefined) send({ type: 'MATERIALS', ...materialCounts(all.materials) });
    if (Object.keys(rest).length === 0) return;
    send({ type: 'FORM.CHANGED', changed: rest });
    const s = actor.getSnapshot();
    if (!s.matches({ precheck: 'checking' })) return;
    // A saved draft is checked by its id: save the new choice first so the check sees it.
    if (s.context.draftId && s.can({ type: 'SAVE' })) {
      send({ type: 'SAVE' });
      void persist().then(askPrecheck, (err: unknown) =>
        send({ type: 'SAVE.FAILED', error: showError(err, t('wizard.saveFailed')) ?? { message: '', field: null } }),
      );
    } else void askPrecheck();
  };

  const next = async () => {
    if (blocked) {
      void message.warning(t(`gate.${blocked}`));
      return;
    }
    const names = fieldsOfStep(type, stepKey);
    setValidating(true);
    try {
      if (names.length) await form.validateFields(names);
      send({ type: 'NEXT', valid: true });
    } catch {
      // the form shows what is missing next to each field
      send({ type: 'NEXT', valid: false });
    } finally {
      setValidating(false);
    }
  };

  const save = async () => {
    send({ type: 'SAVE' });
    if (!actor.getSnapshot().matches({ request: 'saving' })) return;
    try {
      const r = await persist();
      void message.success(r.msg || t('wizard.saved'));
    } catch (err) {
      send({ type: 'SAVE.FAILED', error: showError(err, t('wizard.saveFailed')) ?? { message: '', field: null } });
    }
  };

  const submit = async () => {
    try {
      await form.validateFields();
    } catch (err) {
      const first = (err as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name?.[0];
      const place = locateField(type, typeof first === 'string' ? first : null);
      if (place && place.step !== 'summary') send({ type: `GOTO.${place.step}` });
      return;
    }
    send({ type: 'SUBMIT' });
    if (!actor.getSnapshot().matches({ request: 'submitting' })) return;
    try {
      const saved = await persist();
      const res = await submitBusiness(type, saved.draft.id, saved.draft.version);
      send({ type: 'SUBMITTED' });
      void message.success(res.msg || t('wizard.submitted'));
      onChanged();
      onClose();
    } catch (err) {
      send({ type: 'SUBMIT.FAILED', error: showError(err, t('wizard.submitFailed')) ?? { message: '', field: null } });
    }
  };

  const formProps = { type, form, subject, facts: snap.context.facts };
  const last = index === steps.length - 1;
  const values = stepKey === 'summary' ? (form.getFieldsValue(true) as Record<string, unknown>) : {};
  const draft = snap.context.draft;
  const loading = snap.matches({ request: 'loading' });
  const loadError = snap.context.loadError;
  const submitError = stepKey === 'summary' ? (snap.context.error?.message ?? null) : null;

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
          <Button
            onClick={() => void save()}
            loading={snap.matches({ request: 'saving' })}
            disabled={!canSave(snap) || validating}
            data-testid="wizard-save"
          >
            {t('wizard.save')}
          </Button>
          {index > 0 ? (
            <Button onClick={() => send({ type: 'BACK' })} disabled={busy} data-testid="wizard-step-prev">
              {t('wizard.prev')}
            </Button>
          ) : null}
          {!last ? (
            <Tooltip title={blocked ? t(`gate.${blocked}`) : undefined}>
              <Button
                type="primary"
                onClick={() => void next()}
                disabled={!!blocked || busy}
                loading={validating}
                data-testid="wizard-step-next"
              >
                {t('wizard.next')}
              </Button>
            </Tooltip>
          ) : (
            <Button
              type="primary"
              onClick={() => void submit()}
              loading={snap.matches({ request: 'submitting' })}
              disabled={!canSubmit(snap) || validating}
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
      {snap.context.lastComment ? (
        <Alert
          type="warning"
          showIcon
          message={t('list.lastComment')}
          description={snap.context.lastComment}
          style={{ marginBottom: 16 }}
          data-testid="wizard-returned"
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        onValuesChange={onValuesChange}
        initialValues={{ materials: [] }}
        data-testid="wizard-form"
      >
        <div style={{ display: loading || loadError ? 'none' : undefined }}>
          <div style={{ display: stepKey === 'subject' ? undefined : 'none' }}>
            <SubjectStep
              {...formProps}
              target={target}
              locked={isSubjectLocked(snap)}
              enterpriseName={enterpriseName}
              onChoose={choose}
              check={check}
              onRecheck={() => {
                send({ type: 'CHECK' });
                void askPrecheck();
              }}
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
              facts={snap.context.facts}
            />
          ) : null}
        </div>
      </Form>
    </Modal>
  );
}

/** The machine's subject: the ids, a key that names the choice, and the row as the page shows it. */
function toWizardSubject(target: SubjectTarget, info: SubjectInfo): WizardSubject {
  const display: WizardSubject['display'] = { ...info };
  return {
    key: `${target}:${target === 'person' ? info.personId : info.certificateId}`,
    personId: info.personId,
    certificateId: info.certificateId,
    display,
  };
}

/** How many uploads are done, still uploading, or failed. */
function materialCounts(value: unknown): { done: number; uploading: number; failed: number } {
  const items = Array.isArray(value) ? (value as MaterialItem[]) : [];
  return {
    done: items.filter((i) => !i.status || i.status === 'done').length,
    uploading: items.filter((i) => i.status === 'uploading').length,
    failed: items.filter((i) => i.status === 'error').length,
  };
}

/** The title of a step: step 0 names what is chosen, the form step names the type's business. */
function stepTitleKey(type: BusinessType, step: string, target: string): string {
  if (step === 'subject') return `step.subject_${target}`;
  if (step === 'form') return `step.form_${type}`;
  return `step.${step}`;
}

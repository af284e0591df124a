/**
 * Recording or changing a punishment (ProForm in a modal): type, document number, violate type and
 * reason, period, exam ban, the certificates (select dialog) and the attachments. Every submission
 * waits for a second officer's review; the server checks every field and names the one at fault.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, App, Form } from 'antd';
import {
  ModalForm,
  ProFormDatePicker,
  ProFormDependency,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
  type ProFormInstance,
} from '@ant-design/pro-components';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useServerError } from '@/components/AdminKit';
import { DATE_FORMAT } from '@/components/ProTableKit/format';
import {
  creditPunishmentGet,
  creditPunishmentSave,
  creditPunishmentUpdate,
  creditPunishmentViolateTypes,
} from '@/services/generated/api';
import type { CreditPunishmentSaveBody } from '@/services/generated/api.schemas';
import CertificatesField from './CertificatesField';
import FilesField from './FilesField';
import {
  NS,
  PUNISHMENT_TYPES,
  type AttachedFile,
  type ChosenCertificate,
  type PunishmentRow,
  type PunishmentType,
  type ViolateOption,
} from './types';

interface Values {
  type: PunishmentType;
  docNo: string;
  violateType: string;
  reason?: string;
  startDate: string;
  endDate?: string | null;
  banYears?: 1 | 3 | null;
  certificates: ChosenCertificate[];
  files: AttachedFile[];
}

/** Form hints per type (the server decides): 暂扣 has an end date; 吊销 and 撤销 a ban. */
const NEEDS_END: readonly PunishmentType[] = ['暂扣'];
const HAS_BAN: readonly PunishmentType[] = ['吊销', '撤销'];

export default function PunishmentForm({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: PunishmentRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const showError = useServerError();
  const formRef = useRef<ProFormInstance<Values>>(undefined);
  const [violations, setViolations] = useState<ViolateOption[]>([]);

  useEffect(() => {
    if (!open) return;
    void creditPunishmentViolateTypes()
      .then((r) => setViolations(r.data))
      .catch(() => undefined);
  }, [open]);

  const initial = async (): Promise<Values> => {
    const { data } = await creditPunishmentGet(editing!.id);
    return {
      type: data.type,
      docNo: data.docNo,
      violateType: data.violateType,
      reason: data.reason,
      startDate: data.startDate,
      endDate: data.endDate,
      banYears: data.banYears === 1 || data.banYears === 3 ? data.banYears : null,
      certificates: data.certificates.map((c) => ({
        id: c.id,
        certNo: c.certNo,
        name: data.name,
        personId: data.personId,
        statusLabel: c.statusLabel,
      })),
      files: data.files.map((f) => ({ ossId: f.ossId, originalName: f.originalName, mimeType: f.mimeType })),
    };
  };

  const submit = async (v: Values): Promise<boolean> => {
    const body: CreditPunishmentSaveBody = {
      type: v.type,
      docNo: v.docNo,
      violateType: v.violateType,
      reason: v.reason?.trim() || undefined,
      startDate: v.startDate,
      endDate: v.endDate || null,
      banYears: HAS_BAN.includes(v.type) ? (v.banYears ?? null) : null,
      certificateIds: (v.certificates ?? []).map((c) => c.id),
      fileIds: (v.files ?? []).map((f) => f.ossId),
    };
    try {
      const res = editing
        ? await creditPunishmentUpdate({ ...body, id: editing.id })
        : await creditPunishmentSave(body);
      void message.success(res.msg || t('submitted'));
      onSaved();
      return true;
    } catch (err) {
      showError(err, formRef.current as Parameters<typeof showError>[1]);
      return false;
    }
  };

  return (
    <ModalForm<Values>
      key={editing?.id ?? 'new'}
      title={editing ? t('form.editTitle') : t('form.addTitle')}
      open={open}
      formRef={formRef}
      width={760}
      layout="horizontal"
      labelCol={{ span: 5 }}
      request={editing ? initial : undefined}
      initialValues={editing ? undefined : { certificates: [], files: [] }}
      dateFormatter="string"
      modalProps={
        { destroyOnHidden: true, onCancel: onClose, maskClosable: false, 'data-testid': 'punishment-form' } as Record<
          string,
          unknown
        >
      }
      submitter={{
        searchConfig: { submitText: t('form.submit') },
        submitButtonProps: { 'data-testid': 'punishment-submit' },
      }}
      onFinish={submit}
    >
      <Alert type="info" showIcon message={t('form.reviewNote')} style={{ marginBottom: 16 }} />
      <ProFormSelect
        name="type"
        label={t('field.type')}
        rules={[{ required: true, message: t('form.typePlaceholder') }]}
        placeholder={t('form.typePlaceholder')}
        options={PUNISHMENT_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
        fieldProps={{ 'data-testid': 'punishment-type' } as Record<string, unknown>}
      />
      <ProFormText
        name="docNo"
        label={t('field.docNo')}
        rules={[{ required: true, whitespace: true, message: t('form.docNoPlaceholder') }, { max: 64 }]}
        placeholder={t('form.docNoPlaceholder')}
        fieldProps={{ maxLength: 64, 'data-testid': 'punishment-docNo' }}
      />
      <ProFormSelect
        name="violateType"
        label={t('field.violateType')}
        rules={[{ required: true, message: t('form.violatePlaceholder') }]}
        placeholder={t('form.violatePlaceholder')}
        options={violations.map((v) => ({ value: v.code, label: v.name }))}
        fieldProps={
          {
            showSearch: true,
            optionFilterProp: 'label',
            'data-testid': 'punishment-violateType',
            // The prescribed ban of the violation (false materials 1 year, fraud or bribery 3) as the default.
            onChange: (code: string) => {
              const years = violations.find((v) => v.code === code)?.banYears;
              if (years === 1 || years === 3) formRef.current?.setFieldsValue({ banYears: years });
            },
          } as Record<string, unknown>
        }
      />
      <ProFormTextArea
        name="reason"
        label={t('field.reason')}
        placeholder={t('form.reasonPlaceholder')}
        fieldProps={
          { maxLength: 1000, rows: 3, showCount: true, 'data-testid': 'punishment-reason' } as Record<string, unknown>
        }
      />
      <ProFormDatePicker
        name="startDate"
        label={t('field.startDate')}
        rules={[{ required: true, message: t('field.startDate') }]}
        fieldProps={{ format: DATE_FORMAT, 'data-testid': 'punishment-startDate' } as Record<string, unknown>}
      />
      <ProFormDependency name={['type']}>
        {({ type }: { type?: PunishmentType }) => (
          <>
            <ProFormDatePicker
              name="endDate"
              label={t('field.endDate')}
              dependencies={['startDate']}
              rules={[
                { required: !!type && NEEDS_END.includes(type), message: t('form.endDateRequired') },
                ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
                  validator: (_r: unknown, v?: unknown) => {
                    const start = getFieldValue('startDate');
                    // The pickers hold dayjs values until submit: compare them as days.
                    return !v || !start || !dayjs(v as string).isBefore(dayjs(start as string), 'day')
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('form.endBeforeStart')));
                  },
                }),
              ]}
              fieldProps={{ format: DATE_FORMAT, 'data-testid': 'punishment-endDate' } as Record<string, unknown>}
            />
            {type && HAS_BAN.includes(type) && (
              <ProFormSelect
                name="banYears"
                label={t('field.banYears')}
                extra={t('form.banHint')}
                rules={[{ required: true, message: t('form.banPlaceholder') }]}
                placeholder={t('form.banPlaceholder')}
                options={[1, 3].map((n) => ({ value: n, label: t('years', { count: n }) }))}
                fieldProps={{ 'data-testid': 'punishment-banYears' } as Record<string, unknown>}
              />
            )}
            <Form.Item
              name="certificates"
              label={t('field.certificates')}
              rules={[{ required: true, type: 'array', min: 1, message: t('form.certificatesRequired') }]}
            >
              <CertificatesField type={type} />
            </Form.Item>
          </>
        )}
      </ProFormDependency>
      <Form.Item name="files" label={t('field.files')} extra={t('form.filesHint')}>
        <FilesField />
      </Form.Item>
    </ModalForm>
  );
}

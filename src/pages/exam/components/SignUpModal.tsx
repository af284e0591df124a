/**
 * 报名: the enterprise picks an open batch, the employee (unless given) and the position; the same
 * rules as the sign-up answer as soon as the three are chosen (GET /exam/sign/check), and the
 * sign-up is sent only when they pass. A refusal of the server is shown with its reason.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import DictSelect from '@/pages/business/components/DictSelect';
import { errorMessage } from '@/services/request';
import { examPersonList, examSignCheck, examSignSave } from '@/services/generated/api';
import type { ExamBatch, ExamSignCheck200 } from '@/services/generated/api.schemas';
import BatchPicker from './BatchPicker';
import { NS } from './text';

export interface SignUpModalProps {
  open: boolean;
  /** The employee chosen on the list (null: pick one here). */
  person: { id: number; name: string } | null;
  onClose: () => void;
  onDone: () => void;
}

interface Values {
  batchId?: number;
  personId?: number;
  position?: string;
}

const defaultPosition = (category: string) => (category === 'A' ? '02' : category === 'B' ? '07' : '08');

export default function SignUpModal(props: SignUpModalProps) {
  return props.open ? <SignUpBody {...props} /> : null;
}

function SignUpBody({ person, onClose, onDone }: SignUpModalProps) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [check, setCheck] = useState<ExamSignCheck200 | { error: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [people, setPeople] = useState<{ value: number; label: string }[]>(
    person ? [{ value: person.id, label: person.name }] : [],
  );
  const batchId = Form.useWatch('batchId', form);
  // A person given by the list has no field of its own in the form.
  const pickedPerson = Form.useWatch('personId', form);
  const personId = person?.id ?? pickedPerson;
  const position = Form.useWatch('position', form);

  const searchPeople = (keyword: string) => {
    examPersonList({ keyword: keyword || undefined, pageSize: 20 })
      .then((res) => setPeople(res.rows.map((p) => ({ value: p.personId, label: `${p.name}（${p.idNo}）` }))))
      .catch(() => setPeople([]));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening
  useEffect(() => {
    if (!person) searchPeople('');
  }, []);

  useEffect(() => {
    if (!batchId || !personId || !position) {
      setCheck(null);
      return;
    }
    let live = true;
    examSignCheck({ batchId, personId, position })
      .then((res) => live && setCheck(res))
      .catch((err: unknown) => live && setCheck({ error: errorMessage(err, t('signUp.checkFailed')) }));
    return () => {
      live = false;
    };
  }, [batchId, personId, position, t]);

  const passed = check !== null && 'code' in check && check.code === 0;
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const res = await examSignSave({
        batchId: values.batchId!,
        personId: (person?.id ?? values.personId)!,
        position: values.position!,
      });
      void message.success(res.msg || t('signUp.done'));
      onDone();
      onClose();
    } catch (err) {
      void message.error(errorMessage(err, t('signUp.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={person ? t('signUp.titleFor', { name: person.name }) : t('signUp.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('signUp.submit')}
      okButtonProps={{ disabled: !passed, loading: busy, 'data-testid': 'signup-submit' }}
      destroyOnHidden
      maskClosable={false}
      width={620}
      data-testid="signup-modal"
    >
      <Form<Values> form={form} layout="vertical">
        <Form.Item
          name="batchId"
          label={t('signUp.batch')}
          rules={[{ required: true, message: t('signUp.batchRequired') }]}
        >
          <BatchPicker
            offer={(b: ExamBatch) => b.events.includes('SIGN_UP')}
            width="100%"
            testId="signup-batch"
            onChange={(id, b) => {
              form.setFieldsValue({
                batchId: id ?? undefined,
                ...(b && !form.getFieldValue('position') ? { position: defaultPosition(b.category) } : {}),
              });
            }}
          />
        </Form.Item>
        {person ? null : (
          <Form.Item
            name="personId"
            label={t('signUp.person')}
            rules={[{ required: true, message: t('signUp.personRequired') }]}
          >
            <Select<number>
              showSearch
              filterOption={false}
              onSearch={searchPeople}
              options={people}
              placeholder={t('signUp.personPlaceholder')}
              data-testid="signup-person"
            />
          </Form.Item>
        )}
        <Form.Item
          name="position"
          label={t('signUp.position')}
          rules={[{ required: true, message: t('signUp.positionRequired') }]}
        >
          <DictSelect dictType="ministerial_position" data-testid="signup-position" />
        </Form.Item>
      </Form>
      {check === null ? (
        <Alert type="info" showIcon message={t('signUp.hint')} />
      ) : 'error' in check ? (
        <Alert type="error" showIcon message={check.error} data-testid="signup-check" />
      ) : check.code === 0 ? (
        <Alert type="success" showIcon message={t('signUp.passed')} data-testid="signup-check" />
      ) : (
        <Alert
          type="error"
          showIcon
          message={t('signUp.refused')}
          description={check.errorMsg ?? check.msg}
          data-testid="signup-check"
        />
      )}
    </Modal>
  );
}

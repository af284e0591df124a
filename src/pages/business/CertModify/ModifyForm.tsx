/**
 * Step 1 of a modification: the holder data to correct (only what changes is filled in) or the
 * reissue of a lost certificate after a public notice, and the reason.
 */
import { useEffect, useState } from 'react';
import { Col, Descriptions, Form, Input, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { idNumberRule } from '@/utils/identityRules';
import { safetyCertificateInfoGet } from '@/services/generated/api';
import type { SafetyCertificateInfoGet200 } from '@/services/generated/api.schemas';
import DictSelect from '../components/DictSelect';
import { NS, type BusinessFormProps } from '../components/types';
import { useDict } from '@/components/dict';

type CertificateDetail = SafetyCertificateInfoGet200['data'];

const CHANGE_FIELDS = ['name', 'idNo', 'sex', 'position', 'title', 'education'] as const;

export default function ModifyForm({ form, subject }: BusinessFormProps) {
  const { t } = useTranslation(NS);
  const sex = useDict('sys_user_sex');
  const lost = Form.useWatch('lostReissue', form) as boolean | undefined;
  const [current, setCurrent] = useState<CertificateDetail | null>(null);
  const certificateId = subject?.certificateId ?? null;

  // The holder's data as it is now, to correct against.
  useEffect(() => {
    let live = true;
    setCurrent(null);
    if (certificateId !== null)
      safetyCertificateInfoGet(certificateId)
        .then((r) => live && setCurrent(r.data))
        .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [certificateId]);
  const filled = (v: unknown) => v !== undefined && v !== null && String(v).trim() !== '';

  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        title={<span style={{ fontSize: 14 }}>{t('modify.current')}</span>}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'certNo', label: t('subject.certNo'), children: subject?.certNo ?? '-' },
          { key: 'name', label: t('subject.name'), children: current?.name ?? subject?.name ?? '-' },
          { key: 'idNo', label: t('subject.idNo'), children: current?.idNo ?? subject?.idNo ?? '-' },
          { key: 'sex', label: t('subject.sex'), children: current?.sexLabel ?? (sex.label(subject?.sex) || '-') },
          { key: 'position', label: t('field.position'), children: current?.positionLabel || '-' },
          { key: 'title', label: t('field.title'), children: current?.holder.titleLabel || '-' },
          { key: 'education', label: t('field.education'), children: current?.holder.educationLabel || '-' },
        ]}
      />
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={t('field.newName')}
            dependencies={[...CHANGE_FIELDS.slice(1), 'lostReissue']}
            rules={[
              { max: 64, message: t('rule.max', { field: t('field.newName'), max: 64 }) },
              {
                // the server names this field when nothing changes (payloads.ts)
                validator: async () => {
                  const v = form.getFieldsValue([...CHANGE_FIELDS, 'lostReissue']) as Record<string, unknown>;
                  if (!v.lostReissue && !CHANGE_FIELDS.some((k) => filled(v[k])))
                    throw new Error(t('rule.modifyNothing'));
                },
              },
            ]}
          >
            <Input placeholder={t('placeholder.unchanged')} data-testid="wizard-field-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="idNo" label={t('field.newIdNo')} rules={[idNumberRule(t, t('field.newIdNo'))]}>
            <Input placeholder={t('placeholder.unchanged')} maxLength={18} data-testid="wizard-field-idNo" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="sex" label={t('field.sex')}>
            <Select
              allowClear
              placeholder={t('placeholder.unchanged')}
              options={sex.options.filter((o) => o.value === '0' || o.value === '1')}
              data-testid="wizard-field-sex"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="title" label={t('field.title')}>
            <DictSelect
              dictType="ministerial_title_rank"
              placeholder={t('placeholder.unchanged')}
              data-testid="wizard-field-title"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="education" label={t('field.education')}>
            <DictSelect
              dictType="ministerial_diploma"
              placeholder={t('placeholder.unchanged')}
              data-testid="wizard-field-education"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="position" label={t('field.newPosition')}>
            <DictSelect
              dictType="ministerial_position"
              placeholder={t('placeholder.unchanged')}
              data-testid="wizard-field-position"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="lostReissue" label={t('field.lostReissue')} valuePropName="checked">
            <Switch data-testid="wizard-field-lostReissue" />
          </Form.Item>
        </Col>
      </Row>
      {lost ? (
        <Form.Item
          name="noticeRef"
          label={t('field.noticeRef')}
          rules={[
            { required: true, whitespace: true, message: t('rule.noticeRef') },
            { max: 200, message: t('rule.max', { field: t('field.noticeRef'), max: 200 }) },
          ]}
        >
          <Input placeholder={t('placeholder.noticeRef')} data-testid="wizard-field-noticeRef" />
        </Form.Item>
      ) : null}
      <Form.Item
        name="reason"
        label={t('field.reasonModify')}
        rules={[
          { required: true, whitespace: true, message: t('rule.reasonModify') },
          { max: 200, message: t('rule.max', { field: t('field.reasonModify'), max: 200 }) },
        ]}
      >
        <Input.TextArea rows={2} maxLength={200} showCount data-testid="wizard-field-reason" />
      </Form.Item>
    </>
  );
}

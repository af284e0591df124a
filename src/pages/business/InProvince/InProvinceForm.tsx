/** Step 1 of an arrival from another province: the original certificate (number, province, category, dates) and the position here. */
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import DictSelect from '../components/DictSelect';
import { IN_PROVINCE_CATEGORIES } from '../components/logic';
import { NS, type BusinessFormProps } from '../components/types';

export default function InProvinceForm({ form }: BusinessFormProps) {
  const { t } = useTranslation(NS);
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item
          name="originalCertNo"
          label={t('field.originalCertNo')}
          rules={[
            { required: true, whitespace: true, message: t('rule.originalCertNo') },
            { max: 40, message: t('rule.max', { field: t('field.originalCertNo'), max: 40 }) },
          ]}
        >
          <Input placeholder={t('placeholder.originalCertNo')} data-testid="wizard-field-originalCertNo" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="originalProvince"
          label={t('field.originalProvince')}
          rules={[
            { required: true, whitespace: true, message: t('rule.originalProvince') },
            { max: 20, message: t('rule.max', { field: t('field.originalProvince'), max: 20 }) },
          ]}
        >
          <Input placeholder={t('placeholder.province')} data-testid="wizard-field-originalProvince" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="category"
          label={t('field.category')}
          rules={[{ required: true, message: t('rule.category') }]}
          extra={t('inProvince.categoryHint')}
        >
          <Select
            placeholder={t('placeholder.category')}
            options={IN_PROVINCE_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))}
            data-testid="wizard-field-category"
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="position"
          label={t('field.position')}
          rules={[{ required: true, message: t('rule.position') }]}
        >
          <DictSelect
            dictType="ministerial_position"
            placeholder={t('placeholder.position')}
            data-testid="wizard-field-position"
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="issueDate"
          label={t('field.issueDate')}
          rules={[{ required: true, message: t('rule.issueDate') }]}
        >
          <DatePicker style={{ width: '100%' }} data-testid="wizard-field-issueDate" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="expiryDate"
          label={t('field.expiryDate')}
          dependencies={['issueDate']}
          rules={[
            { required: true, message: t('rule.expiryDate') },
            {
              validator: async (_r, v: Dayjs | undefined) => {
                const issued = form.getFieldValue('issueDate') as Dayjs | undefined;
                if (v && issued && !issued.isBefore(v, 'day')) throw new Error(t('rule.issueBeforeExpiry'));
              },
            },
          ]}
        >
          <DatePicker style={{ width: '100%' }} data-testid="wizard-field-expiryDate" />
        </Form.Item>
      </Col>
    </Row>
  );
}

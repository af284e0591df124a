/** Step 0 of a new certificate: besides the person, the category and the position applied for (the pre-check needs both). */
import { Col, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import DictSelect from '../components/DictSelect';
import { NS } from '../components/types';

export default function NewCertSubject() {
  const { t } = useTranslation(NS);
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item
          name="category"
          label={t('field.category')}
          rules={[{ required: true, message: t('rule.category') }]}
        >
          <DictSelect dictType="cer_type" placeholder={t('placeholder.category')} data-testid="wizard-field-category" />
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
    </Row>
  );
}

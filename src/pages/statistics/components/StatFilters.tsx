/** The filter bar of a statistics page: area, city, and the page's own fields; 查询 writes them into the address. */
import { useEffect } from 'react';
import { Button, DatePicker, Form, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import DistrictCascader from '@/pages/search/components/DistrictCascader';
import type { Filters } from './useStatistics';

export type FieldSpec =
  | { kind: 'select'; name: string; label: string; options: { value: string; label: string }[] }
  | { kind: 'district'; name: string; label: string }
  | { kind: 'months'; from: string; to: string; label: string }
  | { kind: 'years'; from: string; to: string; label: string };

type FormValues = Record<string, string | [Dayjs | null, Dayjs | null] | undefined>;

const rangeKey = (f: { from: string; to: string }) => `${f.from}__${f.to}`;

function toForm(fields: FieldSpec[], values: Filters): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    if (f.kind === 'months' || f.kind === 'years') {
      const parse = (v: string | undefined) => (v ? dayjs(f.kind === 'months' ? `${v}-01` : `${v}-01-01`) : null);
      out[rangeKey(f)] = values[f.from] || values[f.to] ? [parse(values[f.from]), parse(values[f.to])] : undefined;
    } else out[f.name] = values[f.name];
  }
  return out;
}

function fromForm(fields: FieldSpec[], form: FormValues): Filters {
  const out: Filters = {};
  for (const f of fields) {
    if (f.kind === 'months' || f.kind === 'years') {
      const [a, b] = (form[rangeKey(f)] as [Dayjs | null, Dayjs | null] | undefined) ?? [null, null];
      const fmt = f.kind === 'months' ? 'YYYY-MM' : 'YYYY';
      out[f.from] = a ? a.format(fmt) : undefined;
      out[f.to] = b ? b.format(fmt) : undefined;
    } else out[f.name] = (form[f.name] as string | undefined) || undefined;
  }
  return out;
}

export default function StatFilters({
  fields,
  values,
  onChange,
}: {
  fields: FieldSpec[];
  values: Filters;
  onChange: (v: Filters) => void;
}) {
  const { t } = useTranslation('statistics');
  const [form] = Form.useForm<FormValues>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form follows the values' content, not the identity of the object
  useEffect(() => {
    form.setFieldsValue(toForm(fields, values));
  }, [JSON.stringify(values)]);
  return (
    <Form
      form={form}
      layout="inline"
      onFinish={(v) => onChange(fromForm(fields, v))}
      style={{ rowGap: 12 }}
      data-testid="stat-filters"
    >
      {fields.map((f) => {
        if (f.kind === 'select') {
          return (
            <Form.Item key={f.name} name={f.name} label={f.label}>
              <Select
                allowClear
                options={f.options}
                style={{ minWidth: 160 }}
                placeholder={t('filters.all')}
                data-testid={`stat-filter-${f.name}`}
              />
            </Form.Item>
          );
        }
        if (f.kind === 'district') {
          return (
            <Form.Item key={f.name} name={f.name} label={f.label}>
              <DistrictCascader testId="stat-filter-district" />
            </Form.Item>
          );
        }
        return (
          <Form.Item key={rangeKey(f)} name={rangeKey(f)} label={f.label}>
            <DatePicker.RangePicker
              picker={f.kind === 'months' ? 'month' : 'year'}
              allowEmpty={[true, true]}
              data-testid={`stat-filter-${f.from}`}
            />
          </Form.Item>
        );
      })}
      <Form.Item>
        <Space>
          <Button
            onClick={() => {
              form.resetFields();
              onChange({});
            }}
          >
            {t('filters.reset')}
          </Button>
          <Button type="primary" htmlType="submit" data-testid="stat-filter-submit">
            {t('filters.search')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

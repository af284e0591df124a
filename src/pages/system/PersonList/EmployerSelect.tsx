/** Employer (enterprise) picker searching by name or credit code; keeps the current employer as an option. */
import { useEffect, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import { systemPersonEnterprises } from '@/services/generated/api';

interface Option {
  value: number;
  label: string;
}

export default function EmployerSelect({
  value,
  onChange,
  current,
  placeholder,
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  current?: { id: number; name: string } | null;
  placeholder?: string;
}) {
  const [options, setOptions] = useState<Option[]>(current ? [{ value: current.id, label: current.name }] : []);
  const [loading, setLoading] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const seq = useRef(0);

  const search = (keyword?: string) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(async () => {
      const mine = ++seq.current;
      setLoading(true);
      try {
        const res = await systemPersonEnterprises({ keyword: keyword || undefined });
        if (mine !== seq.current) return;
        const found = res.data.map((e) => ({ value: e.id, label: `${e.name}（${e.creditCode}）` }));
        const keep =
          current && !found.some((o) => o.value === current.id) && value === current.id
            ? [{ value: current.id, label: current.name }]
            : [];
        setOptions([...keep, ...found]);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    }, 300);
  };

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <Select<number>
      showSearch
      allowClear
      value={value ?? undefined}
      placeholder={placeholder}
      filterOption={false}
      options={options}
      onSearch={search}
      onFocus={() => options.length <= 1 && search()}
      onChange={(v) => onChange?.(v ?? null)}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      data-testid="form-enterpriseId"
    />
  );
}

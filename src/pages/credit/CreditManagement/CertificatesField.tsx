/** The punishment's certificates in the form: the chosen ones as tags, and the button to the select dialog. */
import { useState } from 'react';
import { Button, Space, Tag } from 'antd';
import { SelectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import CertificatePicker from './CertificatePicker';
import { NS, type ChosenCertificate, type PunishmentType } from './types';

export default function CertificatesField({
  value = [],
  onChange,
  type,
}: {
  value?: ChosenCertificate[];
  onChange?: (v: ChosenCertificate[]) => void;
  type?: PunishmentType;
}) {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button icon={<SelectOutlined />} onClick={() => setOpen(true)} data-testid="punishment-select-certificates">
        {t('action.select')}
      </Button>
      {value.length > 0 && (
        <Space wrap data-testid="punishment-certificates">
          {value.map((c) => (
            <Tag
              key={c.id}
              closable
              onClose={() => onChange?.(value.filter((x) => x.id !== c.id))}
              data-testid="chosen-certificate"
            >
              {c.certNo}
              {c.name ? ` · ${c.name}` : ''}
              {c.statusLabel ? ` · ${c.statusLabel}` : ''}
            </Tag>
          ))}
        </Space>
      )}
      <CertificatePicker
        open={open}
        type={type}
        chosen={value}
        onClose={() => setOpen(false)}
        onPick={(v) => {
          onChange?.(v);
          setOpen(false);
        }}
      />
    </Space>
  );
}

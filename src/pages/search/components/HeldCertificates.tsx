/** The certificates a person holds, as small tags: category and status in the interface language. */
import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

export interface Held {
  id: number;
  certNo: string;
  category: string;
  status: string;
  expiryDate: string;
  valid: boolean;
}

export default function HeldCertificates({ certificates }: { certificates: Held[] }) {
  const { t } = useTranslation('cert');
  if (certificates.length === 0) return <>-</>;
  return (
    <Space size={[4, 4]} wrap>
      {certificates.map((c) => (
        <Tooltip
          key={c.id}
          title={`${c.certNo} · ${t(`status.${c.status}`, { defaultValue: c.status })} · ${c.expiryDate}`}
        >
          <Tag color={c.valid ? 'green' : 'default'} data-testid="held-certificate">
            {c.category} {t(`status.${c.status}`, { defaultValue: c.status })}
          </Tag>
        </Tooltip>
      ))}
    </Space>
  );
}

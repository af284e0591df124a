import { Dropdown, type MenuProps } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, changeLanguage, type LanguageCode } from '@/i18n';

/** Interface language dropdown (zh-CN, zh-TW, en-US, pt-BR), persisted under pro__lang. */
export default function LanguageSwitch({ className, style }: { className?: string; style?: React.CSSProperties }) {
  const { i18n, t } = useTranslation('common');
  const current = i18n.resolvedLanguage ?? i18n.language;
  const items: MenuProps['items'] = LANGUAGES.map((l) => ({
    key: l.code,
    label: <span data-testid={`lang-option-${l.code}`}>{l.label}</span>,
  }));
  return (
    <Dropdown
      menu={{ items, selectable: true, selectedKeys: [current], onClick: ({ key }) => void changeLanguage(key as LanguageCode) }}
      placement="bottomRight"
    >
      <span
        className={className}
        style={{ cursor: 'pointer', padding: '0 8px', display: 'inline-flex', alignItems: 'center', gap: 4, ...style }}
        data-testid="lang-switch"
        title={t('language')}
        aria-label={t('language')}
      >
        <GlobalOutlined />
        <span>{LANGUAGES.find((l) => l.code === current)?.label ?? current}</span>
      </span>
    </Dropdown>
  );
}

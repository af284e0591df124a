import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, changeLanguage, type LanguageCode } from '@/i18n';
import styles from './index.module.css';

/** Hovering out closes the list after this long, so the pointer can travel from the label to it. */
const CLOSE_DELAY_MS = 150;

/**
 * Interface language switch (zh-CN, zh-TW, en-US, pt-BR), persisted under pro__lang: a label that
 * opens a short list on hover or click, drawn like antd's dropdown. Not antd's Dropdown or
 * Popover: they bring Menu and the positioning engine with them, and this switch sits on the
 * login page and the public site, whose first load has a budget (issue 14).
 */
export default function LanguageSwitch({
  className,
  labelClassName,
  style,
}: {
  className?: string;
  /** On the current language's name, e.g. to hide it where the header is narrow (the icon stays, with its title). */
  labelClassName?: string;
  style?: React.CSSProperties;
}) {
  const { i18n, t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  const closing = useRef<number | undefined>(undefined);
  const current = i18n.resolvedLanguage ?? i18n.language;
  const currentLabel = LANGUAGES.find((l) => l.code === current)?.label ?? current;

  const show = () => {
    window.clearTimeout(closing.current);
    setOpen(true);
  };
  const hideSoon = () => {
    window.clearTimeout(closing.current);
    closing.current = window.setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };
  useEffect(() => () => window.clearTimeout(closing.current), []);

  // A click elsewhere or Escape closes the list.
  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const choose = (code: LanguageCode) => {
    setOpen(false);
    void changeLanguage(code);
  };

  return (
    <span ref={root} className={styles.root} onMouseEnter={show} onMouseLeave={hideSoon}>
      <span
        className={className}
        style={{ cursor: 'pointer', padding: '0 8px', display: 'inline-flex', alignItems: 'center', gap: 4, ...style }}
        data-testid="lang-switch"
        role="button"
        tabIndex={0}
        title={t('language')}
        // The name starts with the words shown (WCAG 2.5.3, label in name), then says what they choose.
        aria-label={`${currentLabel} · ${t('language')}`}
        aria-haspopup="menu"
        aria-expanded={open}
        // Hovering has opened it already for a mouse; a click (touch) opens it too, never closes it under the pointer.
        onClick={show}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            setOpen((o) => !o);
          }
        }}
      >
        <GlobalOutlined />
        <span className={labelClassName}>{currentLabel}</span>
      </span>
      {open ? (
        <ul className={styles.options} role="menu" aria-label={t('language')}>
          {LANGUAGES.map((l) => (
            <li key={l.code} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={l.code === current}
                className={l.code === current ? `${styles.option} ${styles.selected}` : styles.option}
                onClick={() => choose(l.code)}
                data-testid={`lang-option-${l.code}`}
              >
                <span>{l.label}</span>
                {l.code === current ? <CheckOutlined className={styles.check} /> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </span>
  );
}

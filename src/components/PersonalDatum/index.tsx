/**
 * One piece of personal data (identity number, phone, birth date) as every page shows it: masked,
 * with 显示 when the server offers it to this caller (the detail's `personalData`: the record and
 * the fields the caller's duty covers). The click asks POST /personalData/{datum}/reveal, which
 * checks the duty again and logs who saw whose value, when and through which record; 隐藏 forgets
 * the value (showing it again is a new, logged look). Used by the case view, the apply wizard, the
 * detail drawers and the administration forms alike (issue #47 item 4).
 */
import { useState } from 'react';
import { App, Space, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import ActionLink from '@/components/ActionLink';
import { errorMessage } from '@/services/request';
import { personalDataBirthDateReveal, personalDataIdNoReveal, personalDataPhoneReveal } from '@/services/generated/api';
import type { RevealOffer } from '@/services/generated/api.schemas';

export type PersonalDatumKind = 'idNo' | 'phone' | 'birthDate';

const REVEAL = {
  idNo: personalDataIdNoReveal,
  phone: personalDataPhoneReveal,
  birthDate: personalDataBirthDateReveal,
} as const;

export interface PersonalDatumProps {
  datum: PersonalDatumKind;
  /** The value as the server answered it (masked unless it is the caller's own). */
  value: string | null | undefined;
  /** What the detail offers; without it, or without this datum in it, the value is only shown. */
  offer?: RevealOffer | null;
  /** The real value once revealed (a form may take it over). */
  onRevealed?: (value: string | null) => void;
  /** Only the 显示/隐藏 link, for a form field that shows the value itself. */
  linkOnly?: boolean;
  testId?: string;
}

export default function PersonalDatum({ datum, value, offer, onRevealed, linkOnly, testId }: PersonalDatumProps) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  // A revealed value belongs to the record and datum it was asked for: another one shows masked again.
  const shownFor = `${offer?.source ?? ''}:${offer?.id ?? ''}:${datum}`;
  const [revealed, setRevealed] = useState<{ for: string; value: string | null } | null>(null);
  const real = revealed && revealed.for === shownFor ? revealed.value : undefined;
  const setReal = (value: string | null | undefined) =>
    setRevealed(value === undefined ? null : { for: shownFor, value });
  const [busy, setBusy] = useState(false);
  const offered = !!offer && offer.fields.includes(datum);
  const base = testId ?? `datum-${datum}`;

  const reveal = async () => {
    if (!offer) return;
    setBusy(true);
    try {
      const res = await REVEAL[datum]({ source: offer.source, id: offer.id });
      setReal(res.data.value);
      onRevealed?.(res.data.value);
    } catch (err) {
      void message.error(errorMessage(err, t('personalData.failed')));
    } finally {
      setBusy(false);
    }
  };

  const shown = real !== undefined ? real : value;
  const link = offered ? (
    real !== undefined ? (
      <ActionLink
        onClick={() => setReal(undefined)}
        aria-label={t('personalData.hideLabel', { what: t(`personalData.kind.${datum}`) })}
        data-testid={`${base}-hide`}
      >
        <EyeInvisibleOutlined /> {t('personalData.hide')}
      </ActionLink>
    ) : (
      <ActionLink
        onClick={() => void reveal()}
        disabled={busy}
        aria-label={t('personalData.revealLabel', { what: t(`personalData.kind.${datum}`) })}
        title={t('personalData.revealHint')}
        data-testid={`${base}-reveal`}
      >
        <EyeOutlined /> {t('personalData.reveal')}
      </ActionLink>
    )
  ) : null;
  if (linkOnly) return link;
  return (
    <Space size={8} wrap={false}>
      <Typography.Text data-testid={base} copyable={real ? { text: real } : false}>
        {shown || '-'}
      </Typography.Text>
      {link}
    </Space>
  );
}

/** Options of the statistics filters, in the interface language. */
import { useTranslation } from 'react-i18next';
import { useWorkflowLabels } from '@/components/ApplicationViewModal/labels';
import { useCertLabels } from '@/pages/search/CertSearch/CertificateDrawer';

export const BUSINESS_TYPES = [
  'newCert',
  'delay',
  'inner',
  'inProvince',
  'outProvince',
  'modify',
  'revocation',
  'personRevocation',
  'rename',
] as const;
export const CATEGORIES = ['A', 'B', 'C1', 'C2', 'C3'] as const;
export const CERT_STATUSES = ['01', '02', '03', '04', '05', '06', '07', '99'] as const;

export function useStatOptions() {
  const { t } = useTranslation('search');
  const workflow = useWorkflowLabels();
  const cert = useCertLabels();
  return {
    areas: ['1', '2', '3'].map((a) => ({ value: a, label: t(`area.${a}`) })),
    businessTypes: BUSINESS_TYPES.map((b) => ({ value: b, label: workflow.business(b) })),
    categories: CATEGORIES.map((c) => ({ value: c, label: cert.category(c) })),
    statuses: CERT_STATUSES.map((s) => ({ value: s, label: cert.status(s) })),
    area: (a: string) => t(`area.${a}`, { defaultValue: a }),
    business: (b: string) => workflow.business(b),
    step: (s: string) => workflow.step(s),
    category: (c: string) => cert.category(c),
    status: (s: string) => cert.status(s),
  };
}

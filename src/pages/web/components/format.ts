import { DATE_FORMAT, DATE_TIME_FORMAT, formatDateTime } from '@/components/ProTableKit/format';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Dates from the server are shown as YYYY-MM-DD (SPEC 9 list format); other values as text. */
export function displayValue(value: unknown, withTime = false): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (typeof value === 'string' && ISO_DATE.test(value)) {
    // Instants in China time (the province's day), whatever the visitor's zone.
    const shown = formatDateTime(value, withTime && value.length > 10 ? DATE_TIME_FORMAT : DATE_FORMAT);
    if (shown !== value || value.length === 10) return shown;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export type StatusTone = 'success' | 'warning' | 'error' | 'processing' | 'default';

export type CertStatusKey =
  | 'statusValid'
  | 'statusSuspended'
  | 'statusRescinded'
  | 'statusCancelled'
  | 'statusInvalid'
  | 'statusTransferOut'
  | 'statusRevoked'
  | 'statusOther'
  | 'statusExpired';

/** cert_status national codes (server seed): tone as in the dictionary's list class. */
const CERT_STATUS_CODES: Record<string, { tone: StatusTone; key: CertStatusKey }> = {
  '01': { tone: 'success', key: 'statusValid' },
  '02': { tone: 'warning', key: 'statusSuspended' },
  '03': { tone: 'error', key: 'statusRescinded' },
  '04': { tone: 'default', key: 'statusCancelled' },
  '05': { tone: 'default', key: 'statusInvalid' },
  '06': { tone: 'processing', key: 'statusTransferOut' },
  '07': { tone: 'error', key: 'statusRevoked' },
  '99': { tone: 'default', key: 'statusOther' },
};

const CERT_STATUS_WORDS: [string[], CertStatusKey][] = [
  [['valid', 'active', 'normal', '有效', '正常'], 'statusValid'],
  [['suspended', '暂扣'], 'statusSuspended'],
  [['rescinded', '撤销'], 'statusRescinded'],
  [['cancelled', 'canceled', '注销'], 'statusCancelled'],
  [['invalid', 'lapsed', '失效', '无效'], 'statusInvalid'],
  [['transferout', '办理转出'], 'statusTransferOut'],
  [['revoked', '吊销'], 'statusRevoked'],
  [['expired', '过期', '已过期'], 'statusExpired'],
];

/** Colour and label key of a certificate status: a cert_status code or a status word. */
export function certStatus(value: unknown): { tone: StatusTone; key: CertStatusKey | null } {
  const raw = String(value ?? '').trim();
  const byCode = CERT_STATUS_CODES[raw];
  if (byCode) return byCode;
  const v = raw.toLowerCase().replace(/[\s_-]/g, '');
  for (const [words, key] of CERT_STATUS_WORDS) {
    if (words.includes(v)) {
      const tone = Object.values(CERT_STATUS_CODES).find((c) => c.key === key)?.tone ?? 'warning';
      return { tone, key };
    }
  }
  return { tone: 'default', key: null };
}

export const CERT_CATEGORIES = ['A', 'B', 'C', 'C1', 'C2', 'C3'] as const;

/** i18n key (namespace web) of a cer_type category code, or null. */
export function certCategoryKey(value: unknown): string | null {
  const c = String(value ?? '')
    .trim()
    .toUpperCase();
  return (CERT_CATEGORIES as readonly string[]).includes(c) ? `cert.category${c}` : null;
}

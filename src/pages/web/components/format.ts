import dayjs from 'dayjs';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Dates from the server are shown as YYYY-MM-DD (SPEC 9 list format); other values as text. */
export function displayValue(value: unknown, withTime = false): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (typeof value === 'string' && ISO_DATE.test(value)) {
    const d = dayjs(value);
    if (d.isValid()) return d.format(withTime && value.length > 10 ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export type StatusTone = 'success' | 'warning' | 'error' | 'processing' | 'default';

export type CertStatusKey = 'statusValid' | 'statusExpired' | 'statusRevoked' | 'statusSuspended' | 'statusInvalid';

/** Colour and label key of a certificate status, whatever words the server uses. */
export function certStatus(value: unknown): { tone: StatusTone; key: CertStatusKey | null } {
  const v = String(value ?? '').trim().toLowerCase();
  if (['valid', 'active', 'normal', '有效', '正常'].includes(v)) return { tone: 'success', key: 'statusValid' };
  if (['expired', '过期', '已过期'].includes(v)) return { tone: 'warning', key: 'statusExpired' };
  if (['suspended', 'paused', '暂扣', '暂停'].includes(v)) return { tone: 'warning', key: 'statusSuspended' };
  if (['revoked', 'cancelled', 'canceled', '注销', '已注销', '撤销', '已撤销', '吊销', '已吊销'].includes(v))
    return { tone: 'error', key: 'statusRevoked' };
  if (['invalid', '无效', '失效', '已失效'].includes(v)) return { tone: 'error', key: 'statusInvalid' };
  return { tone: v ? 'processing' : 'default', key: null };
}

/** How a value of the business form reads: in the summary before 提交 and in the view afterwards. */
import { useTranslation } from 'react-i18next';
import type { BusinessType } from '@machines/businessTypes';
import { useDict } from './useDict';

/** The business pages' namespace (reason and category words). */
const NS = 'business';

export function usePayloadText(type: BusinessType): (key: string, value: unknown) => string {
  const { t } = useTranslation(NS);
  const position = useDict('ministerial_position');
  const title = useDict('ministerial_title_rank');
  const education = useDict('ministerial_diploma');
  const sex = useDict('sys_user_sex');
  return (key, v) => {
    if (typeof v === 'boolean') return t(v ? 'common.yes' : 'common.no');
    if (key === 'position') return position.label(v);
    if (key === 'title') return title.label(v);
    if (key === 'education') return education.label(v);
    if (key === 'sex') return sex.label(v);
    if (key === 'reason' && (type === 'revocation' || type === 'personRevocation'))
      return t(`reason.${String(v)}`, { defaultValue: String(v) });
    if (key === 'category') return t(`category.${String(v)}`, { defaultValue: String(v) });
    return String(v);
  };
}

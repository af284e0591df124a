/** Form rules whose messages name the field (请输入…, 请选择…, …不能超过N个字符). */
import { useMemo } from 'react';
import { useKitText } from './text';

export function useRules() {
  const t = useKitText();
  return useMemo(
    () => ({
      // No `type` or `whitespace` here: either makes the validator check for a string, and numbers and ids would fail.
      required: (field: string, select = false) => [
        { required: true, message: t(select ? 'admin.requiredSelect' : 'admin.required', { field }) },
      ],
      max: (field: string, max: number) => ({ max, message: t('admin.tooLong', { field, max }) }),
    }),
    [t],
  );
}

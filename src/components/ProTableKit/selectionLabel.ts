import type { CheckboxProps } from 'antd';

/**
 * Checkbox props that name a table row's selection box for screen readers. antd hands every extra
 * prop of getCheckboxProps to the <input> (rc-checkbox), but its CheckboxProps type leaves
 * aria-label out, hence the one widening here.
 */
export function selectionLabel(label: string): Partial<Omit<CheckboxProps, 'checked' | 'defaultChecked'>> {
  const props: Record<'aria-label', string> = { 'aria-label': label };
  return props as Partial<CheckboxProps>;
}

/**
 * A link-looking action (open a row, preview a file, delete behind a confirmation): an <a> with an
 * href, so Tab reaches it and Enter works — an <a> with only onClick (antd's Typography.Link among
 * them) is skipped by the keyboard — announced as a button because it acts rather than navigates,
 * and Space works as on a button. `danger` draws it in the error colour, `disabled` greys it out
 * and ignores clicks (still announced, as aria-disabled).
 */
import { forwardRef, type AnchorHTMLAttributes, type KeyboardEvent, type MouseEvent } from 'react';
import { theme } from 'antd';

export type ActionLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'> & {
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  danger?: boolean;
  disabled?: boolean;
  'data-testid'?: string;
};

const ActionLink = forwardRef<HTMLAnchorElement, ActionLinkProps>(function ActionLink(
  { onClick, onKeyDown, danger, disabled, style, children, ...rest },
  ref,
) {
  const { token } = theme.useToken();
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (!disabled) onClick?.(event);
  };
  const key = (event: KeyboardEvent<HTMLAnchorElement>) => {
    onKeyDown?.(event);
    if (event.key === ' ' && !event.defaultPrevented) {
      event.preventDefault();
      event.currentTarget.click();
    }
  };
  const color = disabled ? token.colorTextDisabled : danger ? token.colorError : undefined;
  return (
    <a
      ref={ref}
      href="#"
      role="button"
      aria-disabled={disabled || undefined}
      onClick={click}
      onKeyDown={key}
      style={{ ...(color ? { color } : {}), ...(disabled ? { cursor: 'not-allowed' } : {}), ...style }}
      {...rest}
    >
      {children}
    </a>
  );
});

export default ActionLink;

/**
 * A link-looking action (open a row, preview a file): an <a> with an href, so Tab reaches it and
 * Enter works — an <a> with only onClick is skipped by the keyboard — announced as a button
 * because it acts rather than navigates, and Space works as on a button.
 */
import type { AnchorHTMLAttributes, KeyboardEvent, MouseEvent } from 'react';

export type ActionLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'> & {
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  'data-testid'?: string;
};

export default function ActionLink({ onClick, onKeyDown, children, ...rest }: ActionLinkProps) {
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onClick?.(event);
  };
  const key = (event: KeyboardEvent<HTMLAnchorElement>) => {
    onKeyDown?.(event);
    if (event.key === ' ' && !event.defaultPrevented) {
      event.preventDefault();
      event.currentTarget.click();
    }
  };
  return (
    <a href="#" role="button" onClick={click} onKeyDown={key} {...rest}>
      {children}
    </a>
  );
}

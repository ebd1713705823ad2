import type { ButtonHTMLAttributes, MouseEvent } from 'react';

export interface BusyButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'type'> {
  /** While true the button says so (aria-busy, greyed) and a press does nothing. */
  busy: boolean;
  type?: 'submit' | 'button';
}

/**
 * A button whose action is on its way. It is aria-disabled rather than disabled: a disabled
 * button drops the keyboard's focus to the page (out of a dialog too), so after a failed login
 * or a withdrawal sent from the keyboard the user would start again from the top. A press while
 * busy does nothing: for a submit button, no second submission.
 */
export function BusyButton({ busy, type = 'button', onClick, children, ...rest }: BusyButtonProps) {
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) event.preventDefault();
    else onClick?.(event);
  };
  return (
    <button {...rest} type={type} aria-disabled={busy || undefined} aria-busy={busy || undefined} onClick={press}>
      {children}
    </button>
  );
}

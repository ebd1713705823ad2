import { useCallback } from 'react';

/**
 * A ref that takes the keyboard's focus when its element appears: for an outcome that replaces
 * the form it answers (the control that was pressed leaves with the form, and the focus would
 * fall to the document). The element needs tabIndex -1 when it is not a control.
 */
export function useFocusOnMount<T extends HTMLElement>(): (element: T | null) => void {
  return useCallback((element: T | null) => element?.focus({ preventScroll: true }), []);
}

import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * When another page opens, the keyboard's focus goes to its content, as a full page load puts
 * it at the page's start: otherwise it stays on the header's link, or falls to the document
 * when the control that navigated (a submit, a link in the page) leaves with its page. A page
 * that put the focus in its content itself (a field it focuses) keeps it. Not on the first
 * page: the browser's own start stays, with the skip link first.
 */
export function useFocusOnNavigate(content: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef<string | null>(pathname);
  useEffect(() => {
    if (first.current !== null) {
      if (first.current === pathname) return;
      first.current = null;
    }
    const target = content.current;
    if (!target || target.contains(document.activeElement)) return;
    target.focus({ preventScroll: true });
  }, [pathname, content]);
}

import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** Calls onOutside when a pointer goes down outside `ref` (while `active`). */
export function useOutsideClick(ref: RefObject<HTMLElement | null>, onOutside: () => void, active = true): void {
  const callback = useRef(onOutside);
  useLayoutEffect(() => {
    callback.current = onOutside;
  });
  useEffect(() => {
    if (!active) return;
    const onPointerDown = (event: Event) => {
      const root = ref.current;
      if (root && event.target instanceof Node && !root.contains(event.target)) callback.current();
    };
    // mousedown too: some DOMs (jsdom) and older touch browsers have no pointer events.
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('mousedown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('mousedown', onPointerDown);
    };
  }, [ref, active]);
}

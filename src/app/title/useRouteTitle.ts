import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { titleFromHandles } from './route-title';

/**
 * Names the tab after the open page (WCAG 2.4.2): a person with several tabs, or a screen
 * reader announcing the new page, learns where they are. A page that writes its own title is
 * left alone: its effect runs before this one (children's effects run first).
 */
export function useRouteTitle(): void {
  const title = titleFromHandles(useMatches().map((match) => match.handle));
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}

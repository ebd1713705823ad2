// Navigation for code that runs outside React (the session-expiry path of the HTTP client).
// main.tsx plugs in the router; until then (and in a bare page) a full page load does it.

export type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

const pageLoad: NavigateFn = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

let current: NavigateFn = pageLoad;

export function setNavigator(navigate: NavigateFn | null): void {
  current = navigate ?? pageLoad;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  current(to, options);
}

/** Path and query of the page the user is on (the router uses browser history). */
export function currentPathAndSearch(): string {
  return `${window.location.pathname}${window.location.search}`;
}

import { paths } from '../shared/api/paths';

// Build-time configuration (spec A §9: "a production configuration holds the API base and the
// exchange hub address"). Both default to the page's own origin, which is how the reference
// server serves the built app and how `npm run dev` proxies it.

export type ToastCorner = 'top-start' | 'top-end' | 'bottom-start' | 'bottom-end' | 'top-center' | 'bottom-center';

const TOAST_CORNERS: readonly ToastCorner[] = ['top-start', 'top-end', 'bottom-start', 'bottom-end', 'top-center', 'bottom-center'];

function env(name: string): string | undefined {
  // import.meta.env is absent when a module is loaded outside Vite (e.g. by tsx on the server).
  const value = (import.meta as { env?: Record<string, unknown> }).env?.[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function toastCorner(value: string | undefined): ToastCorner {
  return TOAST_CORNERS.includes(value as ToastCorner) ? (value as ToastCorner) : 'top-end';
}

export const config = {
  /** '' means same origin; otherwise e.g. https://api.example.com (no trailing slash). */
  apiBase: (env('VITE_API_BASE') ?? '').replace(/\/+$/, ''),
  hubUrl: env('VITE_HUB_URL') ?? paths.hub,
  toastCorner: toastCorner(env('VITE_TOAST_CORNER')),
} as const;

const ABSOLUTE_URL_RE = /^[a-z][a-z\d+.-]*:\/\//i;

export function isAbsoluteUrl(url: string): boolean {
  return ABSOLUTE_URL_RE.test(url) || url.startsWith('//');
}

/** The URL a REST path is fetched from; absolute URLs are left alone. */
export function apiUrl(path: string): string {
  return isAbsoluteUrl(path) ? path : `${config.apiBase}${path.startsWith('/') ? path : `/${path}`}`;
}

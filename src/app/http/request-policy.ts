import { credentialExemptPaths, paths } from '../../shared/api/paths';
import { config, isAbsoluteUrl } from '../config';

// Spec A §6–§7: which calls carry the cookie credentials and the X-Auth-Method header, and
// which take part in the 401 → refresh → retry dance.

export interface RequestPolicy {
  credentials: RequestCredentials;
  /** Send X-Auth-Method: cookie. */
  authHeader: boolean;
  /** A 401 triggers the shared refresh and one retry. */
  refreshOn401: boolean;
}

const FALLBACK_ORIGIN = 'http://localhost';

function pageOrigin(): string {
  return globalThis.location?.origin ?? FALLBACK_ORIGIN;
}

function apiLocation(): { origin: string; prefix: string } {
  const base = new URL(config.apiBase || '/', pageOrigin());
  return { origin: base.origin, prefix: base.pathname.replace(/\/+$/, '') };
}

/** The policy for a fully built request URL (see apiUrl in config.ts). */
export function requestPolicyFor(url: string): RequestPolicy {
  const target = new URL(url, pageOrigin());
  const api = apiLocation();
  // "Any absolute URL to another host": ours are the API's host and the page's own host.
  if (isAbsoluteUrl(url) && target.origin !== api.origin && target.origin !== pageOrigin()) {
    return { credentials: 'omit', authHeader: false, refreshOn401: false };
  }
  const path = api.prefix && target.pathname.startsWith(api.prefix) ? target.pathname.slice(api.prefix.length) : target.pathname;
  if (credentialExemptPaths.includes(path)) {
    // 'same-origin' (the fetch default) rather than 'omit': login must still be able to store
    // the session cookies it answers with, and logout must still name the session it ends.
    return { credentials: 'same-origin', authHeader: false, refreshOn401: false };
  }
  // The refresh call is cookie-authenticated but must never wait for itself.
  if (path === paths.auth.refreshToken) return { credentials: 'include', authHeader: true, refreshOn401: false };
  return { credentials: 'include', authHeader: true, refreshOn401: true };
}

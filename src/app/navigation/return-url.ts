// returnUrl travels in the login URL, so anyone can craft it: only same-origin paths are
// followed, never another host, a protocol-relative URL or a scheme such as javascript:.

export const LOGIN_PATH = '/account/login';

export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters and backslashes let some browsers read "/\evil.com" as another host.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
  if (/[\u0000-\u001f\\]/.test(value)) return null;
  const base = 'http://same-origin.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  // Back to the login page would just be a loop.
  if (url.pathname === LOGIN_PATH) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** account/login with the reason and the page to come back to (spec A §2, §4). */
export function loginUrl(params: { returnUrl?: string | null; reason?: 'session-expired' } = {}): string {
  const query = new URLSearchParams();
  if (params.reason) query.set('reason', params.reason);
  const back = safeReturnUrl(params.returnUrl);
  if (back && back !== '/') query.set('returnUrl', back);
  const qs = query.toString();
  return qs ? `${LOGIN_PATH}?${qs}` : LOGIN_PATH;
}

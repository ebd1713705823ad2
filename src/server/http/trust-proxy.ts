import ipaddr from 'ipaddr.js';

// Which X-Forwarded-* headers to believe. `true` (believe every header) lets any client pick
// its own address, and with it its rate-limit bucket and the IP recorded for its sessions, so
// it is refused: the setting names how many proxies there are, or which addresses they have.

/** false: no proxy; a number: that many proxies in front (hops); a list: the proxies' addresses and CIDR ranges. */
export type TrustProxySetting = false | number | readonly string[];

/** proxy-addr's names for the private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 32;

export const TRUST_PROXY_HELP =
  'write the number of proxies in front of the server (TRUST_PROXY=1 for one reverse proxy) or ' +
  'their addresses and CIDR ranges (TRUST_PROXY=10.0.0.0/8,127.0.0.1, or loopback, uniquelocal)';

function isAddress(text: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
}

function isRange(text: string): boolean {
  if (NAMED_RANGES.has(text) || isAddress(text)) return true;
  const slash = text.indexOf('/');
  if (slash < 0) return false;
  const address = text.slice(0, slash);
  const bits = text.slice(slash + 1);
  if (!isAddress(address) || !/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (ipaddr.IPv4.isValidFourPartDecimal(address) ? 32 : 128);
}

/** Parses TRUST_PROXY; the error message says what is wrong and what to write instead. */
export function parseTrustProxy(value: string | undefined): { ok: true; value: TrustProxySetting } | { ok: false; message: string } {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return { ok: true, value: false };
  if (text === 'true') {
    return { ok: false, message: `"true" would believe an X-Forwarded-For header any client can write; ${TRUST_PROXY_HELP}` };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) return { ok: false, message: `at most ${MAX_HOPS} proxies; ${TRUST_PROXY_HELP}` };
    return { ok: true, value: hops };
  }
  const entries = text.split(',').map((s) => s.trim());
  const bad = entries.filter((e) => !isRange(e));
  if (bad.length > 0)
    return { ok: false, message: `not an address or CIDR range: ${bad.map((b) => JSON.stringify(b)).join(', ')}; ${TRUST_PROXY_HELP}` };
  return { ok: true, value: entries };
}

/**
 * Fastify's trustProxy for a setting. A hop count becomes a trust function: Fastify ignores a
 * bare number, since it cannot tell a proxy from a client that reaches the port directly; the
 * README says to prefer addresses when the port is reachable from outside.
 */
export function fastifyTrustProxy(setting: TrustProxySetting): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return [...setting];
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { webAppStyleHashes } from './inline-style-hashes';

// Security headers on every answer (pages, assets, the engine worker's script, API and hub):
// the web app's Content-Security-Policy, nosniff, a referrer policy, no framing, and HSTS in
// production. One policy for all: a JSON answer cannot run anything under it, and the worker
// takes its policy from its own script's answer, so assets need the app's policy, not a
// stricter one.
//
// helmet's middleware is built once and its headers kept per host (securityHeaderWriter), set in
// an onRequest hook. (@fastify/helmet builds it anew for every request, ~10 µs of CPU with this
// policy: too much on the order path.)

export interface SecurityHeaderOptions {
  production: boolean;
  /** Origins the web app calls besides its own (its API base and hub when they live elsewhere). */
  connectOrigins: readonly string[];
}

/** A Host header that is a plain host[:port] (anything else is left out of the policy). */
const PLAIN_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The host each request was addressed to, as Fastify reads it (X-Forwarded-Host from a trusted proxy). */
const requestedHost = new WeakMap<IncomingMessage, string>();

/**
 * The hub's WebSocket on the page's own host. CSP 3 counts ws:/wss: of the same host as
 * 'self', older browsers do not; the host is the one the browser asked for, so it is read per
 * request rather than from PUBLIC_URL (localhost and 127.0.0.1 are both in use in development).
 */
export function sameHostWebSockets(req: IncomingMessage): string {
  const host = requestedHost.get(req) ?? req.headers.host;
  return host && PLAIN_HOST.test(host) ? `ws://${host} wss://${host}` : "'self'";
}

/** The CSP directives of the web app. */
export function contentSecurityPolicyDirectives(options: SecurityHeaderOptions) {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    // Module scripts from our own origin only: no inline script, no eval (the app sets zod to
    // jitless so that it does not even probe for eval).
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    // Stylesheets from our origin plus the one inline stylesheet a library inserts, by hash.
    // React and uPlot set styles through the CSSOM (element.style), which CSP does not restrict.
    styleSrc: ["'self'", ...webAppStyleHashes()],
    imgSrc: ["'self'"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", sameHostWebSockets, ...options.connectOrigins],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  };
}

export function helmetOptions(options: SecurityHeaderOptions): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(options) },
    // Never 'no-referrer': browsers then send `Origin: null` on same-origin POSTs, which the
    // Origin check refuses. 'same-origin' keeps reset-link tokens from leaving the site.
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    // Only where the site is served over TLS; over plain http browsers ignore it anyway, and a
    // development host must not be pinned to https for a year.
    hsts: options.production ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
  };
}

/** A header as helmet set it for one host; `null` where it removed one. */
type HeaderStep = readonly [name: string, value: string | number | readonly string[] | null];

/** The response surface helmet writes to, recorded instead of applied. */
interface HeaderRecorder {
  setHeader(name: string, value: string | number | readonly string[]): void;
  removeHeader(name: string): void;
}

export interface SecurityHeaderWriter {
  /** Sets the headers on `res`; `done` gets helmet's error, if any. */
  write(req: IncomingMessage, res: ServerResponse, done: (err?: unknown) => void): void;
  /** How many hosts' header sets are kept now. */
  hostsKept(): number;
}

/**
 * The policy's only input from the request is the host (sameHostWebSockets), so helmet runs
 * once per host and its headers are replayed after: building the CSP from its directives,
 * validating each value and stepping through a dozen middlewares cost every API answer about
 * a tenth of its main-thread time (a CPU profile of bench/api-orders.ts's GET baseline). Host
 * is the client's to choose, so only the last `keep` hosts are kept.
 */
export function securityHeaderWriter(options: SecurityHeaderOptions, keep = 64): SecurityHeaderWriter {
  const setHeaders = helmet(helmetOptions(options));
  const byHost = new Map<string, readonly HeaderStep[]>();

  function recorded(req: IncomingMessage): readonly HeaderStep[] | null {
    const steps: HeaderStep[] = [];
    const recorder: HeaderRecorder = {
      setHeader: (name, value) => void steps.push([name, value]),
      removeHeader: (name) => void steps.push([name, null]),
    };
    let clean = false;
    setHeaders(req, recorder as unknown as ServerResponse, (err?: unknown) => {
      clean = err === undefined;
    });
    // An error (or a middleware that did not answer at once) is left to helmet on the response.
    return clean ? steps : null;
  }

  return {
    write(req, res, done) {
      const host = requestedHost.get(req) ?? req.headers.host ?? '';
      let steps = byHost.get(host);
      if (steps === undefined) {
        const fresh = recorded(req);
        if (fresh === null) return setHeaders(req, res, done);
        if (byHost.size >= keep) byHost.delete(byHost.keys().next().value!);
        byHost.set(host, (steps = fresh));
      }
      for (const [name, value] of steps) {
        if (value === null) res.removeHeader(name);
        else res.setHeader(name, value);
      }
      done();
    },
    hostsKept: () => byHost.size,
  };
}

/** Sets the headers on every answer, the 404 handler's and the SPA fallback's included. */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const headers = securityHeaderWriter(options);
  app.addHook('onRequest', (request, reply, done) => {
    requestedHost.set(request.raw, request.host);
    headers.write(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}

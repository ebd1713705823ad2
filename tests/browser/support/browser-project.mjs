// What vitest.config.ts needs for the browser project, in plain ESM with explicit extensions
// (Vite's config loader bundles it today; its coming native loader will import it as is).
// Types: browser-project.d.mts.
//
//  - the ports of the test page and of the real server, picked once and synchronously (the
//    proxy and the page origin are static config) and kept in process.env, which the config
//    module and the globalSetup (support/global-setup.ts) share: they run in one process.
//    OX_BROWSER_SERVER_PORT / OX_BROWSER_PAGE_PORT pin them.
//  - the browser commands (run in Node, called from tests through `commands` of
//    'vitest/browser'): take the real server down and up again, and record the hub traffic of
//    the test page and its workers with Playwright, which reports a dedicated worker's
//    WebSockets and requests on the page that owns it. What the worker sends and receives on
//    the wire is what the server really got and answered; the engine cannot fake it.
import { execFileSync } from 'node:child_process';

const SERVER_PORT_ENV = 'OX_BROWSER_SERVER_PORT';
const PAGE_PORT_ENV = 'OX_BROWSER_PAGE_PORT';

/** Host of the test page (vitest's browser server): the page origin is http://127.0.0.1:{pagePort}. */
export const PAGE_HOST = '127.0.0.1';

/** Where globalSetup leaves the running server's controls for the commands below. */
export const REAL_SERVER_CONTROL = Symbol.for('ox-exchange.browser-tests.real-server');

/** Asks the OS for `count` distinct free ports, synchronously (a short-lived child process). */
function freePortsSync(count) {
  const script = `
    const net = require('node:net');
    const servers = [];
    const ports = [];
    const next = () => {
      if (ports.length === ${count}) { for (const s of servers) s.close(); process.stdout.write(ports.join(',')); return; }
      const s = net.createServer();
      servers.push(s);
      s.listen(0, '127.0.0.1', () => { ports.push(s.address().port); next(); });
    };
    next();`;
  const out = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 10_000 });
  const ports = out.split(',').map(Number);
  if (ports.length !== count || ports.some((p) => !Number.isInteger(p) || p <= 0)) throw new Error(`could not pick free ports: '${out}'`);
  return ports;
}

function envPort(name) {
  const raw = process.env[name];
  if (!raw) return null;
  const port = Number(raw);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`${name} must be a TCP port, got '${raw}'`);
  return port;
}

/** Picks (once per process) and returns the ports; later calls answer the same. */
export function browserTestPorts() {
  let serverPort = envPort(SERVER_PORT_ENV);
  let pagePort = envPort(PAGE_PORT_ENV);
  if (serverPort === null || pagePort === null) {
    const [a, b] = freePortsSync(2);
    serverPort ??= a === pagePort ? b : a;
    pagePort ??= b === serverPort ? a : b;
    process.env[SERVER_PORT_ENV] = String(serverPort);
    process.env[PAGE_PORT_ENV] = String(pagePort);
  }
  return { serverPort, pagePort };
}

/** Origins the test page may have (the server's TRUSTED_ORIGINS). */
export function pageOrigins(pagePort) {
  return [`http://${PAGE_HOST}:${pagePort}`, `http://localhost:${pagePort}`];
}

/* ---------------------------------------------------------------- commands */

const RECORD_SEPARATOR = '\u001e';
const HUB_PATH = '/hubs/exchange';

/** sessionId → { traffic, detach } */
const recorders = new Map();

function control() {
  const c = globalThis[REAL_SERVER_CONTROL];
  if (!c)
    throw new Error(
      'the real server is not running: the browser project globalSetup (tests/browser/support/global-setup.ts) did not start it',
    );
  return c;
}

function parseFrame(payload) {
  if (typeof payload !== 'string') return []; // binary frames: not the JSON hub protocol
  const out = [];
  for (const part of payload.split(RECORD_SEPARATOR)) {
    if (!part) continue;
    try {
      out.push(JSON.parse(part));
    } catch {
      // not JSON: ignore
    }
  }
  return out;
}

function hubTrafficStart(ctx) {
  recorders.get(ctx.sessionId)?.detach();
  const page = ctx.page;
  if (!page) throw new Error('hub traffic recording needs the playwright provider');
  const traffic = { frames: [], sockets: [], requests: [] };
  const onSocket = (ws) => {
    if (!new URL(ws.url()).pathname.startsWith(HUB_PATH)) return;
    const socket = traffic.sockets.length;
    traffic.sockets.push(ws.url());
    const record = (direction) => (data) => {
      const messages = parseFrame(data.payload);
      if (messages.length > 0) traffic.frames.push({ socket, direction, at: Date.now(), messages });
    };
    ws.on('framesent', record('sent'));
    ws.on('framereceived', record('received'));
    ws.on('close', () => traffic.frames.push({ socket, direction: 'closed', at: Date.now(), messages: [] }));
  };
  const interesting = (url) => {
    const path = new URL(url).pathname;
    return path.startsWith(HUB_PATH) || path.startsWith('/v1/');
  };
  const onResponse = (res) => {
    const req = res.request();
    if (interesting(req.url())) traffic.requests.push({ url: req.url(), method: req.method(), status: res.status(), at: Date.now() });
  };
  const onFailed = (req) => {
    if (interesting(req.url())) traffic.requests.push({ url: req.url(), method: req.method(), status: 0, at: Date.now() });
  };
  page.on('websocket', onSocket);
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  recorders.set(ctx.sessionId, {
    traffic,
    detach: () => {
      page.off('websocket', onSocket);
      page.off('response', onResponse);
      page.off('requestfailed', onFailed);
    },
  });
}

function hubTrafficRead(ctx) {
  const r = recorders.get(ctx.sessionId);
  if (!r) throw new Error('hubTrafficStart was not called for this page');
  return structuredClone(r.traffic);
}

function hubTrafficStop(ctx) {
  recorders.get(ctx.sessionId)?.detach();
  recorders.delete(ctx.sessionId);
}

export const browserCommands = {
  hubTrafficStart,
  hubTrafficRead,
  hubTrafficStop,
  realServerDown: () => control().down(),
  realServerUp: () => control().up(),
};

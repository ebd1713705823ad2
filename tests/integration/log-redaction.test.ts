import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { realtimeExtension } from '../../src/server/realtime/realtime-extension';
import { repositories } from '../../src/server/repositories';
import { individualRegistration } from '../support/registration';

// What the server logs, captured line by line at the most verbose level while a user gets a
// reset link and codes, opens the link, and connects to the hub with its access token over
// WebSockets and long polling: URLs are logged with those secrets redacted, and no secret
// appears anywhere in the log. The outbox itself (what /dev/outbox shows) keeps them.

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

let app: FastifyInstance;
let origin: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-logs-'));
  app = await buildApp({
    // Dev outbox on: it keeps codes and links, the very secrets the log must never carry.
    config: testConfig({ dataDir, devRoutes: true }),
    seed: true,
    loggerInstance: pino({ level: 'trace' }, sink),
    extensions: [realtimeExtension({ simRate: 0 })],
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const json = (body: unknown, cookie = '') => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-auth-method': 'cookie', origin, ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});

function cookiesOf(res: Response): Map<string, string> {
  return new Map(res.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
}

/** Opens the hub over a WebSocket with the token in the query (as browsers must), shakes hands, closes. */
async function webSocketRoundTrip(url: string): Promise<void> {
  const ws = new WebSocket(url, { headers: { origin } });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => ws.send('{"protocol":"json","version":1}\u001e'));
    ws.once('message', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade answered ${res.statusCode}`)));
  });
  await new Promise<void>((resolve) => {
    ws.once('close', () => resolve());
    ws.close();
  });
}

describe('request logs carry no secrets', () => {
  it('API.security.logs-no-secrets, API.hub.session-sources: reset links, verification codes, hub access tokens and connection tokens never reach the log; their URLs are logged redacted', async () => {
    const registration = individualRegistration();
    const registered = await fetch(`${origin}/v1/users/register`, json(registration));
    expect(registered.status).toBe(200);
    const access = cookiesOf(registered).get('ox_access')!;
    expect(access).toBeTruthy();
    const cookie = `ox_access=${access}`;

    // A reset link and a verification code, both in the outbox.
    expect((await fetch(`${origin}/v1/auth/password/forgot-password`, json({ email: registration.email }))).status).toBe(200);
    expect((await fetch(`${origin}/v1/auth/verification-code/email/request`, json({}, cookie))).status).toBe(200);
    await app.ctx.outbox.idle();
    // What /dev/outbox shows: the stored messages with their codes and links.
    const outbox = await repositories(app.ctx.database.db).outbox.listNewest(10);
    const link = outbox.find((m) => m.link?.includes('token='))!.link!;
    const code = outbox.find((m) => m.code)!.code!;
    const resetUrl = new URL(link);
    const token = resetUrl.searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(20);

    // The user opens the link (the web app's page) and the web app checks the token.
    await fetch(`${origin}${resetUrl.pathname}${resetUrl.search}`);
    await fetch(`${origin}/v1/auth/password/validate-reset-token?${resetUrl.searchParams}`).catch(() => undefined);

    // The hub: WebSocket and long polling with the access token in the query.
    const negotiate = async () => {
      const res = await fetch(`${origin}/hubs/exchange/negotiate?negotiateVersion=1`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access}`, origin },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { connectionToken: string }).connectionToken;
    };
    const wsToken = await negotiate();
    await webSocketRoundTrip(`${origin.replace(/^http/, 'ws')}/hubs/exchange?id=${wsToken}&access_token=${access}`);
    const lpToken = await negotiate();
    const hubUrl = `${origin}/hubs/exchange?id=${lpToken}&access_token=${access}`;
    // The first poll opens the connection; then the handshake is sent and its answer polled.
    expect((await fetch(hubUrl, { headers: { origin } })).status).toBe(200);
    const send = await fetch(hubUrl, { method: 'POST', headers: { origin }, body: '{"protocol":"json","version":1}\u001e' });
    expect(send.status).toBe(200);
    expect((await fetch(hubUrl, { headers: { origin } })).status).toBe(200);
    await fetch(hubUrl, { method: 'DELETE', headers: { origin } });
    await new Promise((r) => setTimeout(r, 100));

    const log = lines.map((l) => JSON.stringify(l)).join('\n');
    for (const [what, secret] of [
      ['reset token', token],
      ['verification code', code],
      ['access token', access],
      ['WebSocket connection token', wsToken],
      ['long-polling connection token', lpToken],
    ] as const) {
      expect(log.includes(secret), `${what} in the log`).toBe(false);
    }

    // The requests themselves are logged, with the secret values replaced.
    const urls = lines.flatMap((l) => {
      const req = l.req as { url?: string } | undefined;
      return req?.url ? [req.url] : [];
    });
    expect(urls).toContain(`${resetUrl.pathname}?userId=[redacted]&token=[redacted]`);
    expect(urls).toContain('/hubs/exchange?id=[redacted]&access_token=[redacted]');
    expect(urls).toContain('/hubs/exchange/negotiate?negotiateVersion=1');
    // The development outbox is logged without its code and link.
    expect(
      lines.some(
        (l) => l.msg === 'outbox message (development: not sent, see /dev/outbox)' && l.code === undefined && l.link === undefined,
      ),
    ).toBe(true);
  });
});

import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, negotiate, RawHubSocket, rawConnect, startClient, startHub, type TestHub } from './hub-helpers';

// TransportProtocols.md at the HTTP level: negotiate, the status codes of every transport
// request, origin checks on upgrades, and the handshake, checked with raw requests.

let server: TestHub;
const alice = { Cookie: cookieOf('alice-session') };

beforeAll(async () => {
  server = await startHub({
    longPollTimeoutMs: 300,
    maxMessageSize: 4096,
    methods: { Echo: (_ctx, value) => value },
  });
});

afterAll(async () => {
  await server.close();
});

describe('negotiate', () => {
  it('CORE.hub.unsigned-refused: answers 401 without a valid session', async () => {
    expect((await negotiate(server.url, null)).status).toBe(401);
    expect((await negotiate(server.url, 'expired-session')).status).toBe(401);
  });

  it('CORE.hub.negotiate-ids, CORE.hub.negotiate-transports: speaks version 1 with a separate secret token and lists the transports', async () => {
    const { status, body } = await negotiate(server.url, 'alice-session');
    expect(status).toBe(200);
    expect(body).toEqual({
      connectionId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      connectionToken: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      negotiateVersion: 1,
      availableTransports: [
        { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
        { transport: 'ServerSentEvents', transferFormats: ['Text'] },
        { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
      ],
    });
    expect(body!.connectionToken).not.toBe(body!.connectionId);
  });

  it('CORE.hub.negotiate-version, API.hub.negotiate-versions: falls back to version 0 without the query and caps newer versions at 1', async () => {
    const v0 = await negotiate(server.url, 'alice-session', '');
    expect(v0.body).toMatchObject({ negotiateVersion: 0 });
    expect(v0.body).not.toHaveProperty('connectionToken');
    // Version 0 transports identify the connection by its id.
    const poll = await fetch(`${server.url}?id=${v0.body!.connectionId as string}`, { headers: alice });
    expect(poll.status).toBe(200);

    expect((await negotiate(server.url, 'alice-session', 'negotiateVersion=7')).body).toMatchObject({ negotiateVersion: 1 });
    expect((await negotiate(server.url, 'alice-session', 'negotiateVersion=abc')).status).toBe(400);
  });

  it('CORE.hub.negotiate-stateful-echo: echoes useStatefulReconnect only when the client asked for it', async () => {
    expect((await negotiate(server.url, 'alice-session', 'negotiateVersion=1&useStatefulReconnect=true')).body).toMatchObject({
      useStatefulReconnect: true,
    });
    expect((await negotiate(server.url, 'alice-session')).body).not.toHaveProperty('useStatefulReconnect');
  });
});

describe('transport requests', () => {
  it('CORE.hub.transport-token-errors: answer 404 for an unknown token and 400 without one', async () => {
    expect((await fetch(`${server.url}?id=not-a-token`, { headers: alice })).status).toBe(404);
    expect((await fetch(`${server.url}?id=not-a-token`, { method: 'POST', headers: alice, body: '{}\u001e' })).status).toBe(404);
    expect((await fetch(`${server.url}?id=not-a-token`, { method: 'DELETE', headers: alice })).status).toBe(404);
    await expect(RawHubSocket.open(`${server.url}?id=not-a-token`, alice)).rejects.toMatchObject({ status: 404 });
    expect((await fetch(server.url, { headers: alice })).status).toBe(400);
    expect((await fetch(server.url, { method: 'POST', headers: alice, body: '' })).status).toBe(400);
  });

  it('CORE.hub.transport-user-must-match, API.hub.auth-every-request: re-authenticate every request and refuse another user or no session with 401', async () => {
    const token = (await negotiate(server.url, 'alice-session')).body!.connectionToken as string;
    expect((await fetch(`${server.url}?id=${token}`)).status).toBe(401);
    expect((await fetch(`${server.url}?id=${token}`, { headers: { Cookie: cookieOf('bob-session') } })).status).toBe(401);
    await expect(RawHubSocket.open(`${server.url}?id=${token}`, { Cookie: cookieOf('bob-session') })).rejects.toMatchObject({
      status: 401,
    });
    // Another session of the same user is the same caller.
    expect((await fetch(`${server.url}?id=${token}`, { headers: { Cookie: cookieOf('alice-second-session') } })).status).toBe(200);
  });

  it('CORE.hub.one-transport-per-token: refuse a second WebSocket on a token with 409 and other transports with 400', async () => {
    const { raw, token } = await rawConnect(server.url);
    try {
      await expect(RawHubSocket.open(`${server.url}?id=${token}`, alice)).rejects.toMatchObject({ status: 409 });
      expect((await fetch(`${server.url}?id=${token}`, { headers: alice })).status).toBe(400);
      expect((await fetch(`${server.url}?id=${token}`, { method: 'POST', headers: alice, body: '{"type":6}\u001e' })).status).toBe(405);
      // The first socket is unaffected.
      raw.send({ type: 1, invocationId: '1', target: 'Echo', arguments: ['still here'] });
      expect(await raw.next((m) => m.type === 3)).toEqual({ type: 3, invocationId: '1', result: 'still here' });
    } finally {
      raw.close();
    }
  });

  it('CORE.hub.one-transport-per-token: refuse a second event stream with 409', async () => {
    const token = (await negotiate(server.url, 'alice-session')).body!.connectionToken as string;
    const first = new AbortController();
    const sse = await fetch(`${server.url}?id=${token}`, { headers: { ...alice, Accept: 'text/event-stream' }, signal: first.signal });
    expect(sse.status).toBe(200);
    expect(sse.headers.get('content-type')).toBe('text/event-stream');
    const second = await fetch(`${server.url}?id=${token}`, { headers: { ...alice, Accept: 'text/event-stream' } });
    expect(second.status).toBe(409);
    first.abort();
  });

  it('CORE.hub.concurrent-send-409: refuse a concurrent send with 409', async () => {
    const token = (await negotiate(server.url, 'alice-session')).body!.connectionToken as string;
    expect((await fetch(`${server.url}?id=${token}`, { headers: alice })).status).toBe(200);
    const url = new URL(`${server.url}?id=${token}`);
    // A send whose body never finishes keeps the first request outstanding.
    const slow = httpRequest(url, { method: 'POST', headers: { ...alice, 'Transfer-Encoding': 'chunked' } });
    slow.on('error', () => undefined);
    slow.write('{"protocol":"json",');
    // Empty sends have no effect on the connection; repeat one until the slow send is being read.
    let status = 0;
    const deadline = Date.now() + 5_000;
    while (status !== 409 && Date.now() < deadline) {
      status = (await fetch(url, { method: 'POST', headers: alice, body: '' })).status;
      if (status !== 409) expect(status).toBe(200);
    }
    expect(status).toBe(409);
    slow.destroy();
  });
});

describe('long polling', () => {
  it('CORE.hub.long-poll: holds a poll, answers 200 empty on timeout, 204 when superseded and when deleted', async () => {
    const token = (await negotiate(server.url, 'alice-session')).body!.connectionToken as string;
    const url = `${server.url}?id=${token}`;
    expect((await fetch(url, { headers: alice })).status).toBe(200);
    await fetch(url, { method: 'POST', headers: alice, body: '{"protocol":"json","version":1}\u001e' });
    const handshake = await fetch(url, { headers: alice });
    expect(await handshake.text()).toBe('{}\u001e');

    const started = Date.now();
    const idle = await fetch(url, { headers: alice });
    expect(idle.status).toBe(200);
    expect(await idle.text()).toBe('');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);

    const older = fetch(url, { headers: alice });
    await new Promise((r) => setTimeout(r, 50));
    const newer = fetch(url, { headers: alice });
    expect((await older).status).toBe(204);

    await fetch(url, { method: 'POST', headers: alice, body: '{"type":1,"invocationId":"7","target":"Echo","arguments":[42]}\u001e' });
    const answered = await newer;
    expect(answered.status).toBe(200);
    expect(await answered.text()).toBe('{"type":3,"invocationId":"7","result":42}\u001e');

    const held = fetch(url, { headers: alice });
    await new Promise((r) => setTimeout(r, 50));
    expect((await fetch(url, { method: 'DELETE', headers: alice })).status).toBe(202);
    expect((await held).status).toBe(204);
    expect((await fetch(url, { headers: alice })).status).toBe(404);
  });
});

describe('WebSocket origin', () => {
  it('CORE.hub.origin-policy: accepts the same origin and clients without one, and refuses other origins with 403', async () => {
    await expect(RawHubSocket.open(server.url, { ...alice, Origin: 'https://evil.example' })).rejects.toMatchObject({ status: 403 });
    await expect(RawHubSocket.open(server.url, { ...alice, Origin: 'null' })).rejects.toMatchObject({ status: 403 });
    const same = await RawHubSocket.open(server.url, { ...alice, Origin: server.origin });
    same.close();
    const none = await RawHubSocket.open(server.url, alice);
    none.close();
  });

  it('CORE.hub.origin-policy: follows allowedOrigins when configured', async () => {
    const other = await startHub({ allowedOrigins: ['https://app.example.com'] });
    try {
      const ok = await RawHubSocket.open(other.url, { ...alice, Origin: 'https://APP.example.com:443' });
      ok.close();
      await expect(RawHubSocket.open(other.url, { ...alice, Origin: other.origin })).rejects.toMatchObject({ status: 403 });
      await expect(RawHubSocket.open(other.url, { ...alice, Origin: 'https://app.example.com.evil.example' })).rejects.toMatchObject({
        status: 403,
      });
    } finally {
      await other.close();
    }
  });

  it('CORE.hub.origin-before-auth: checks the origin before anything else, even for unauthenticated upgrades', async () => {
    await expect(RawHubSocket.open(server.url, { Origin: 'https://evil.example' })).rejects.toMatchObject({ status: 403 });
    await expect(RawHubSocket.open(server.url, {})).rejects.toMatchObject({ status: 401 });
  });
});

describe('handshake', () => {
  it('CORE.hub-protocol.handshake-refusal: rejects protocols other than json and unknown versions with an error response', async () => {
    for (const [request, error] of [
      [{ protocol: 'messagepack', version: 1 }, "The protocol 'messagepack' is not supported."],
      [{ protocol: 'json', version: 3 }, "The server does not support version 3 of the 'json' protocol."],
      [{ hello: 'world' }, "The handshake request is missing the 'protocol' property."],
    ] as const) {
      const raw = await RawHubSocket.open(server.url, alice);
      raw.send(request);
      expect(await raw.next()).toEqual({ error });
      await raw.waitClosed();
    }
  });

  it('CORE.hub.handshake-split: accepts a handshake split across frames and followed by messages in the same frame', async () => {
    const raw = await RawHubSocket.open(server.url, alice);
    raw.sendRaw('{"protocol":"js');
    raw.sendRaw('on","version":1}\u001e{"type":1,"invocationId":"a","target":"Echo","arguments":["é"]}\u001e{"type":6}\u001e');
    expect(await raw.next()).toEqual({});
    expect(await raw.next((m) => m.type === 3)).toEqual({ type: 3, invocationId: 'a', result: 'é' });
    raw.close();
  });

  it('CORE.hub.invalid-json-closes: closes with an error on invalid JSON instead of failing the process', async () => {
    const { raw } = await rawConnect(server.url);
    raw.sendRaw('{"type":1,"target":\u001e');
    const close = await raw.next((m) => m.type === 7);
    expect(close).toEqual({ type: 7, error: 'Connection closed with an error. A message was not valid JSON.' });
    await raw.waitClosed();
    // The server carries on.
    const client = await startClient(server.url);
    await expect(client.invoke('Echo', 'ok')).resolves.toBe('ok');
    await client.stop();
  });
});

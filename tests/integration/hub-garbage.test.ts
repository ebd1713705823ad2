import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, negotiate, RawHubSocket, rawConnect, RS, startClient, startHub, waitFor, type TestHub } from './hub-helpers';

// Whatever a client sends, the hub answers with a Close, a handshake error or silence, never
// by failing: the process keeps serving everyone else.

let server: TestHub;
const alice = { Cookie: cookieOf('alice-session') };

beforeAll(async () => {
  server = await startHub({ maxMessageSize: 2_048, methods: { Echo: (_ctx, v) => v } });
});

afterAll(async () => {
  await server.close();
});

const junk = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.json().map((j) => j + RS),
  fc
    .record({ type: fc.integer({ min: -2, max: 12 }), invocationId: fc.anything(), target: fc.anything(), arguments: fc.anything() })
    .map((m) => JSON.stringify(m) + RS),
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
  fc.constant('['.repeat(1_500) + ']'.repeat(1_500) + RS),
);

async function alive(): Promise<void> {
  const client = await startClient(server.url);
  await expect(client.invoke('Echo', 'still serving')).resolves.toBe('still serving');
  await client.stop();
}

describe('hostile input', () => {
  it('CORE.hub.garbage-survived: survives arbitrary frames after the handshake', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(junk, { minLength: 1, maxLength: 4 }), async (frames) => {
        const { raw } = await rawConnect(server.url);
        for (const f of frames) raw.ws.send(f);
        raw.send({ type: 1, invocationId: 'probe', target: 'Echo', arguments: [1] });
        // Either the probe is answered or the connection was closed for what came before it.
        await waitFor(() => raw.closeCode !== null || raw.messages.some((m) => m.invocationId === 'probe'), 5_000, 'answer or close');
        raw.close();
      }),
      { numRuns: 40 },
    );
    await alive();
  });

  it('CORE.hub.garbage-survived: survives arbitrary handshakes and send bodies', async () => {
    await fc.assert(
      fc.asyncProperty(junk, junk, async (first, second) => {
        const raw = await RawHubSocket.open(server.url, alice);
        raw.ws.send(first);
        raw.ws.send(second);
        await new Promise((r) => setTimeout(r, 10));
        raw.close();

        const token = (await negotiate(server.url, 'alice-session')).body!.connectionToken as string;
        const url = `${server.url}?id=${token}`;
        await fetch(url, { headers: alice });
        for (const body of [first, second]) {
          const res = await fetch(url, { method: 'POST', headers: alice, body });
          expect([200, 404]).toContain(res.status);
        }
        await fetch(url, { method: 'DELETE', headers: alice });
      }),
      { numRuns: 40 },
    );
    await alive();
  });
});

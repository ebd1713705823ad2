import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../src/shared/api/paths';
import { feedId, privateFeeds } from '../../src/shared/hub/feeds';
import { hubEvents, hubMethods } from '../../src/shared/hub/names';
import { RawHubSocket, RS } from '../integration/hub-helpers';
import { startFuzzWorld, type AccountName } from './contract/fuzz-world';
import { jsonText } from './contract/hostile';
import { malformedArguments, type HubFuzzInput } from './contract/malformed-arguments';
import { hubMethodSamples } from './contract/route-samples';

// Every hub method the app's hub registers gets at least 200 malformed argument lists, sent by a
// logged-in trader over a real WebSocket speaking the JSON hub protocol. Each call must be
// answered with a Completion error, or with a result that refuses the feeds it could not take
// and a ReceiveError saying so; the caller's connection stays up with the same feed groups, and
// another user's connection on the same hub neither drops nor changes.

const RUNS = 200;
const MESSAGE_TYPE = { invocation: 1, completion: 3, close: 7 } as const;

const world = await startFuzzWorld();
const { hub } = world.app.realtime;
const methods = hub.methodNames();
const samples = hubMethodSamples(world.accounts.trader.id);

/** What the fuzzing connection has joined before each call; a refused call must leave it so. */
const kept = [feedId.trades('btcusd'), privateFeeds.balances];
const observed = [feedId.ticker('btcusd'), privateFeeds.openOrders];

interface Peer {
  socket: RawHubSocket;
  call(target: string, args: readonly unknown[]): Promise<Record<string, unknown>>;
}

let invocations = 0;

async function connect(as: AccountName): Promise<Peer> {
  const cookie = Object.entries(world.cookiesOf(as))
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  const headers = { Cookie: cookie, 'X-Auth-Method': 'cookie' };
  const negotiated = await fetch(`${world.origin}${paths.hub}/negotiate?negotiateVersion=1`, { method: 'POST', headers });
  if (negotiated.status !== 200) throw new Error(`negotiate failed: ${negotiated.status} ${await negotiated.text()}`);
  const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
  const socket = await RawHubSocket.open(`${world.origin}${paths.hub}?id=${encodeURIComponent(connectionToken)}`, headers);
  const handshake = await socket.handshake();
  if (Object.keys(handshake).length !== 0) throw new Error(`handshake refused: ${JSON.stringify(handshake)}`);
  return {
    socket,
    async call(target, args) {
      const invocationId = String(++invocations);
      // Written by hand so numbers JSON.stringify cannot produce (1e400, 30 digits) reach the hub.
      socket.sendRaw(
        `{"type":1,"invocationId":${JSON.stringify(invocationId)},"target":${JSON.stringify(target)},"arguments":${jsonText(args)}}${RS}`,
      );
      return socket.next((m) => m.type === MESSAGE_TYPE.completion && m.invocationId === invocationId, 5_000);
    },
  };
}

async function groupsOf(peer: Peer): Promise<string[]> {
  const done = await peer.call(hubMethods.getActiveFeedGroups, []);
  return [...(done.result as string[])].sort();
}

function receiveErrors(peer: Peer): Record<string, unknown>[] {
  const found = peer.socket.messages.filter((m) => m.type === MESSAGE_TYPE.invocation && m.target === hubEvents.error);
  peer.socket.messages.length = 0;
  return found.map((m) => (m.arguments as Record<string, unknown>[])[0]!);
}

/** Why the answer to `input` is not a refusal the hub owes, or null when it is one (or an acceptance). */
function judge(
  done: Record<string, unknown>,
  errors: Record<string, unknown>[],
  input: HubFuzzInput,
  arity: number,
): { refused: boolean; problem: string | null } {
  if (typeof done.error === 'string') return { refused: true, problem: done.error === '' ? 'an empty error' : null };
  if (input.args.length > arity) return { refused: false, problem: `${input.args.length} arguments accepted where ${arity} is the most` };
  const result = done.result as { joined?: unknown[]; left?: unknown[]; rejected?: unknown[] } | undefined;
  const rejected = result?.rejected ?? [];
  if (rejected.length > 0 && errors.length === 0) return { refused: true, problem: 'feeds were refused without a ReceiveError' };
  const took = (result?.joined ?? []).length + (result?.left ?? []).length;
  return { refused: took === 0 && rejected.length > 0, problem: null };
}

let subject: Peer;
let observer: Peer;

beforeAll(async () => {
  subject = await connect('trader');
  observer = await connect('corporation');
  await subject.call(hubMethods.joinFeedGroups, [kept]);
  await observer.call(hubMethods.joinFeedGroups, [observed]);
  receiveErrors(subject);
  receiveErrors(observer);
});

afterAll(async () => {
  subject?.socket.close();
  observer?.socket.close();
  await world.close();
});

describe('API.security.malformed-input-no-5xx: every hub method is fuzzed', () => {
  it('each hub method has a known valid argument list (add one to tests/fuzz/contract/route-samples.ts with any new method)', () => {
    expect(methods.filter((m) => !samples.has(m))).toEqual([]);
    expect([...samples.keys()].filter((m) => !methods.includes(m))).toEqual([]);
    expect(methods).toEqual(expect.arrayContaining(Object.values(hubMethods)));
  });
});

describe(`API.security.malformed-input-no-5xx: hub contract fuzz: ${RUNS} malformed calls per method`, () => {
  it.each(methods)('%s: a Completion error or a ReceiveError, the connection and its groups kept, others untouched', async (method) => {
    const inputs: HubFuzzInput[] = fc.sample(malformedArguments(samples.get(method)!), RUNS);
    const findings: string[] = [];
    const connections = hub.connections().length;
    const baseline = [...kept].sort();
    for (const [n, input] of inputs.entries()) {
      const done = await subject.call(method, input.args);
      const { refused, problem } = judge(done, receiveErrors(subject), input, samples.get(method)!.length);
      if (problem) findings.push(`${input.what}: ${problem}`);
      const groups = await groupsOf(subject);
      if (refused && JSON.stringify(groups) !== JSON.stringify(baseline))
        findings.push(`${input.what}: refused, but the groups became ${JSON.stringify(groups)}`);
      if (!refused) {
        // An accepted call (a valid list after all): back to the groups every input starts from.
        const extra = groups.filter((g) => !baseline.includes(g));
        if (extra.length > 0) await subject.call(hubMethods.leaveFeedGroups, [extra]);
        await subject.call(hubMethods.joinFeedGroups, [kept]);
        receiveErrors(subject);
      }
      if (subject.socket.closeCode !== null)
        throw new Error(`the connection closed after ${input.what} (${jsonText(input.args).slice(0, 200)})`);
      if (n % 25 === 24) expect(await groupsOf(observer), 'the other connection').toEqual([...observed].sort());
    }
    expect(findings.slice(0, 12)).toEqual([]);
    expect(subject.socket.messages.filter((m) => m.type === MESSAGE_TYPE.close)).toEqual([]);
    expect(hub.connections().length, 'no connection was dropped or added').toBe(connections);
    expect(observer.socket.closeCode).toBeNull();
    expect(await groupsOf(observer)).toEqual([...observed].sort());
    expect(receiveErrors(observer)).toEqual([]);
    expect((await world.app.inject({ method: 'GET', url: paths.health })).statusCode).toBe(200);
  });
});

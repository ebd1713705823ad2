import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { privateFeeds } from '../../src/shared/hub/feeds';
import { fromUnits, toUnits } from '../../src/shared/money/units';
import { hubEvents, hubMethods } from '../../src/shared/hub/names';
import { endUserBalanceSchema } from '../../src/shared/hub/messages';
import { createTrader, hubClient, Inbox, startRealtimeApp, waitFor, type LoggedIn, type RealtimeApp } from './realtime-support';
import { describeEachStore } from '../support/postgres';

// Money in and out reaches the private balances feed as it happens: a chain deposit when the
// simulated chain credits it, a withdrawal's hold at once and its payout when it is sent.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  const RECIPIENT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

  let t: RealtimeApp;
  let alice: LoggedIn;

  beforeAll(async () => {
    // Blocks every 100 ms and payouts after 300 ms, so the real transfer loop credits a deposit
    // and settles a withdrawal within a second or two.
    const money = loadConfig({ NODE_ENV: 'test' }).money;
    t = await startRealtimeApp({
      store,
      simRate: 0,
      config: { money: { ...money, chainBlockMs: 100, payoutDelayMs: 300, transferPollMs: 100 } },
    });
    alice = await createTrader(t, 'Alice', {});
  });

  afterAll(async () => {
    await t?.close();
  });

  async function call(method: string, url: string, body?: unknown) {
    const res = await fetch(`${t.origin}${url}`, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-Auth-Method': 'cookie', Origin: t.origin, Cookie: alice.cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(res.status, `${method} ${url}`).toBeLessThan(300);
    return res.json() as Promise<Record<string, unknown>>;
  }

  type Balance = { currency: string; balance: string; available: string };
  function btcOf(payloads: unknown[]): Balance[] {
    return payloads.flatMap((p) => {
      const parsed = endUserBalanceSchema.parse(p) as Balance | Balance[];
      return (Array.isArray(parsed) ? parsed : [parsed]).filter((b) => b.currency === 'btc');
    });
  }

  async function btcNow(): Promise<Balance> {
    const res = (await call('GET', '/v1/account-management/balances')) as unknown as Balance[] | { data: Balance[] };
    const list = Array.isArray(res) ? res : res.data;
    return list.find((b) => b.currency.toLowerCase() === 'btc') ?? { currency: 'btc', balance: '0', available: '0' };
  }

  describe('money on the private balances feed', () => {
    it('API.transfers.chain-deposit-confirmations: the credit of a chain deposit reaches the balances feed without a reload', async () => {
      const client = hubClient(t, alice);
      const inbox = new Inbox(client, [hubEvents.endUserBalance]);
      await client.start();
      try {
        await client.invoke(hubMethods.joinFeedGroups, [privateFeeds.balances], alice.id);
        const { address } = await call('GET', '/v1/exchange/transfers/deposit/address/btc');
        await call('POST', '/dev/chain/deposit', { address, amount: '0.75' });
        // The pending deposit changes no balance; the credit (3 blocks later) does.
        await waitFor(() => btcOf(inbox.of(hubEvents.endUserBalance)).some((b) => b.balance === '0.75'), 10_000, 'the credited balance');
        expect(btcOf(inbox.of(hubEvents.endUserBalance))[0]).toMatchObject({ balance: '0.75', available: '0.75' });

        await call('POST', '/v1/exchange/transfers/withdraw', {
          currency: 'btc',
          amount: '0.25',
          address: RECIPIENT,
        });
        const fee = Number(t.app.ctx.config.money.withdrawFees.btc);
        const left = String(Number((0.75 - 0.25 - fee).toFixed(8)));
        await waitFor(
          () => btcOf(inbox.of(hubEvents.endUserBalance)).some((b) => b.balance === '0.75' && b.available === left),
          5_000,
          'the hold',
        );
      } finally {
        await client.stop();
      }
    });

    it('API.transfers.withdraw-held-then-paid, API.transfers.failed-payout-releases: the hold, the payout and a failed payout each reach the balances feed', async () => {
      const client = hubClient(t, alice);
      const inbox = new Inbox(client, [hubEvents.endUserBalance]);
      await client.start();
      try {
        await client.invoke(hubMethods.joinFeedGroups, [privateFeeds.balances], alice.id);
        // Whatever the first test left, once its payout settled: balance = available.
        let start = await btcNow();
        for (let i = 0; i < 50 && start.balance !== start.available; i++) {
          await new Promise((r) => setTimeout(r, 100));
          start = await btcNow();
        }
        expect(start.balance).toBe(start.available);
        const fee = toUnits(t.app.ctx.config.money.withdrawFees.btc!);
        const pushed = (b: Balance) =>
          btcOf(inbox.of(hubEvents.endUserBalance)).some((x) => x.balance === b.balance && x.available === b.available);

        // Paid out: held at once (available − amount − fee), then the balance follows.
        await call('POST', '/v1/exchange/transfers/withdraw', { currency: 'btc', amount: '0.1', address: RECIPIENT });
        const heldPaid = { currency: 'btc', balance: start.balance, available: fromUnits(toUnits(start.available) - toUnits('0.1') - fee) };
        await waitFor(() => pushed(heldPaid), 5_000, 'the hold of the paid withdrawal');
        const paid = { currency: 'btc', balance: heldPaid.available, available: heldPaid.available };
        await waitFor(() => pushed(paid), 5_000, 'the payout');

        // Failed: held at once, then released in full.
        (t.app.money.payouts as unknown as { failNext(): void }).failNext();
        await call('POST', '/v1/exchange/transfers/withdraw', { currency: 'btc', amount: '0.05', address: RECIPIENT });
        const heldFailed = {
          currency: 'btc',
          balance: paid.balance,
          available: fromUnits(toUnits(paid.available) - toUnits('0.05') - fee),
        };
        await waitFor(() => pushed(heldFailed), 5_000, 'the hold of the failing withdrawal');
        const events = () => btcOf(inbox.of(hubEvents.endUserBalance));
        const heldAt = events().findIndex((x) => x.balance === heldFailed.balance && x.available === heldFailed.available);
        await waitFor(
          () =>
            events()
              .slice(heldAt + 1)
              .some((x) => x.balance === paid.balance && x.available === paid.available),
          5_000,
          'the released hold',
        );
      } finally {
        await client.stop();
      }
    });
  });
});

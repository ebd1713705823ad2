import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transferLimits } from '../../src/shared/constants';
import { accountMessages } from '../../src/shared/messages';
import { expectLedgerSound, ok, problem, startExchangeApp, trader, type TestApp, type Trader } from './exchange-harness';
import { describeEachStore } from '../support/postgres';

// Money in and out over HTTP: deposit addresses, chain deposits confirmed by the simulated
// chain, withdrawals held at once and paid out (or released) by the processor, approved
// addresses with their code and cool-down. The clock is the test's: confirmations, payouts and
// cool-downs move only when it is advanced and the transfer loop polled.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  let alice: Trader;

  // Sessions outlive the 24-hour cool-downs the tests fast-forward through.
  const DAY3 = 3 * 24 * 3600 * 1000;
  const sessionTimings = { accessTtlMs: DAY3, refreshTtlMs: DAY3, absoluteLifetimeMs: DAY3 };

  beforeEach(async () => {
    t = await startExchangeApp({ store, sessionTimings });
    alice = await trader(t);
  });
  afterEach(async () => {
    await t.close();
  });

  /** Moves the clock and lets the transfer loop look at everything in motion. */
  async function advance(ms: number): Promise<void> {
    t.clock.advance(ms);
    await t.app.money.transfers.poll();
    await t.app.exchange.idle();
  }

  async function transactions(who: Trader, query = '') {
    return ok<{ data: { id: string; action: string; currency: string; amount: string; status: string }[] }>(
      await who.get(`/v1/account-management/transactions${query}`),
    ).data;
  }

  async function depositBtc(who: Trader, amount: string): Promise<void> {
    const { address } = ok<{ address: string }>(await who.get('/v1/exchange/transfers/deposit/address/btc'));
    ok(await who.client.post('/dev/chain/deposit', { address, amount }));
    await advance(10_000);
  }

  /** Adds and confirms an approved address with the code from the outbox. */
  async function approve(who: Trader, currency: string, address: string, label = 'Cold wallet') {
    const added = ok<{ id: string; status: string }>(
      await who.client.post('/v1/security/approved-addresses', { label, currency, address }),
    );
    const mail = (await t.outbox()).find((m) => m.subject?.includes('confirm a new withdrawal address'));
    expect(mail?.code).toMatch(/^\d{6}$/);
    const confirmed = ok<{ status: string; usable_at: string }>(
      await who.client.post(`/v1/security/approved-addresses/${added.id}/confirm`, { code: mail!.code }),
    );
    return { id: added.id, ...confirmed };
  }

  const BTC_RECIPIENT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
  const ETH_RECIPIENT = '0x52908400098527886E0F7030069857D2E4169EE7';

  describe('deposit addresses', () => {
    it('A7.transfers.deposit-address-get: the first request makes the address, later ones answer the same; wallet-addresses lists it', async () => {
      const first = ok<{ currency: string; address: string }>(await alice.get('/v1/exchange/transfers/deposit/address/btc'));
      expect(first.currency).toBe('btc');
      expect(first.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
      expect(ok<{ address: string }>(await alice.get('/v1/exchange/transfers/deposit/address/BTC')).address).toBe(first.address);
      const eth = ok<{ address: string }>(await alice.get('/v1/exchange/transfers/deposit/address/eth')).address;
      expect(eth).toMatch(/^0x[0-9a-fA-F]{40}$/);
      const list = ok<{ addresses: { currency: string; address: string }[] }>(await alice.get('/v1/exchange/transfers/wallet-addresses'));
      expect(list.addresses).toEqual([
        { currency: 'btc', address: first.address },
        { currency: 'eth', address: eth },
      ]);
    });

    it('A7.transfers.deposit-address-create, API.wallets.index-per-chain-never-reused: Generate New Address answers a fresh address that becomes the current one; users never share one', async () => {
      const first = ok<{ address: string }>(await alice.get('/v1/exchange/transfers/deposit/address/btc')).address;
      const second = ok<{ address: string }>(await alice.client.post('/v1/exchange/transfers/deposit/address/btc')).address;
      expect(second).not.toBe(first);
      expect(ok<{ address: string }>(await alice.get('/v1/exchange/transfers/deposit/address/btc')).address).toBe(second);
      const bob = await trader(t);
      const bobs = ok<{ address: string }>(await bob.get('/v1/exchange/transfers/deposit/address/btc')).address;
      expect([first, second]).not.toContain(bobs);
    });

    it('API.wallets.index-per-chain-never-reused: an address replaced by Generate New Address still credits its owner', async () => {
      const old = ok<{ address: string }>(await alice.get('/v1/exchange/transfers/deposit/address/btc')).address;
      ok(await alice.client.post('/v1/exchange/transfers/deposit/address/btc'));
      ok(await alice.client.post('/dev/chain/deposit', { address: old, amount: '0.1' }));
      await advance(3_000);
      expect((await alice.balances()).btc).toEqual({ balance: '0.1', available: '0.1' });
      await expectLedgerSound(t);
    });

    it('API.wallets.usd-no-address: usd and unknown currencies have no deposit address (400, nothing stored)', async () => {
      const usd = await alice.get('/v1/exchange/transfers/deposit/address/usd');
      expect(usd.statusCode).toBe(400);
      expect(problem(usd).code).toBe('currency_no_address');
      const doge = await alice.client.post('/v1/exchange/transfers/deposit/address/doge');
      expect(doge.statusCode).toBe(400);
      expect(problem(doge).errors?.currency).toBeDefined();
      const bad = await alice.get('/v1/exchange/transfers/deposit/address/b%24c');
      expect(bad.statusCode).toBe(400);
      expect(ok<{ addresses: unknown[] }>(await alice.get('/v1/exchange/transfers/wallet-addresses')).addresses).toEqual([]);
    });
  });

  describe('chain deposits', () => {
    it('API.transfers.chain-deposit-confirmations: a transfer to our address is a pending Deposit, credited once the chain has produced the required confirmations', async () => {
      const { address } = ok<{ address: string }>(await alice.get('/v1/exchange/transfers/deposit/address/btc'));
      const seen = ok<{ status: string; confirmations: number; required_confirmations: number; amount: string }>(
        await alice.client.post('/dev/chain/deposit', { address, amount: '0.5' }),
      );
      expect(seen).toMatchObject({ status: 'pending', confirmations: 0, required_confirmations: 3, amount: '0.5' });
      const pending = await transactions(alice, '?pending=true');
      expect(pending).toMatchObject([{ action: 'Deposit', currency: 'btc', amount: '0.5', status: 'pending' }]);
      expect((await alice.balances()).btc).toEqual({ balance: '0', available: '0' });

      await advance(2_000); // two blocks of the simulated chain (1 s each): not yet
      expect((await alice.balances()).btc.balance).toBe('0');
      await advance(1_000);
      expect((await alice.balances()).btc).toEqual({ balance: '0.5', available: '0.5' });
      const rows = await transactions(alice);
      expect(rows).toMatchObject([{ id: pending[0]!.id, action: 'Deposit', amount: '0.5', status: 'done' }]);
      await advance(5_000); // the chain keeps confirming: credited once only
      expect((await alice.balances()).btc.balance).toBe('0.5');
      await expectLedgerSound(t);
    });

    it('API.transfers.chain-deposit-confirmations: a deposit still pending at a restart is confirmed and credited after it, once', async () => {
      const { address } = ok<{ address: string }>(await alice.get('/v1/exchange/transfers/deposit/address/btc'));
      ok(await alice.client.post('/dev/chain/deposit', { address, amount: '0.2' }));
      await advance(1_000);
      const dataDir = t.dataDir;
      const databaseUrl = t.config.databaseUrl;
      const clock = t.clock;
      await t.close({ keepData: true });
      t = await startExchangeApp({ store, dataDir, clock, sessionTimings, config: { databaseUrl } });
      const again = new (await import('./accounts-harness')).Client(t.app, alice.client.jar);
      await advance(5_000);
      const rows = (
        (await again.get('/v1/account-management/transactions')).json() as { data: { action: string; amount: string; status: string }[] }
      ).data;
      expect(rows).toMatchObject([{ action: 'Deposit', amount: '0.2', status: 'done' }]);
      const btc = ((await again.get('/v1/account-management/balances')).json() as { currency: string; balance: string }[]).find(
        (b) => b.currency === 'btc',
      );
      expect(btc?.balance).toBe('0.2');
      await expectLedgerSound(t);
    });

    it('API.dev.chain-deposit: a transfer to an address that is not ours, or bad amounts, is refused and nothing is recorded', async () => {
      const { address } = ok<{ address: string }>(await alice.get('/v1/exchange/transfers/deposit/address/btc'));
      const foreign = await alice.client.post('/dev/chain/deposit', { address: BTC_RECIPIENT, amount: '1' });
      expect(foreign.statusCode).toBe(404);
      for (const amount of ['-1', '1e3', '0', 'abc', '0.000000001']) {
        const res = await alice.client.post('/dev/chain/deposit', { address, amount });
        expect(res.statusCode, amount).toBe(400);
        expect(problem(res).errors?.amount, amount).toBeDefined();
      }
      await advance(10_000);
      expect(await transactions(alice)).toEqual([]);
    });
  });

  describe('withdrawals', () => {
    it('A7.transfers.withdraw-fee: the fee per currency comes from configuration; unknown currencies are refused', async () => {
      expect(ok(await alice.get('/v1/exchange/transfers/withdraw-fee/btc'))).toEqual({ fee: t.config.money.withdrawFees.btc });
      expect(ok(await alice.get('/v1/exchange/transfers/withdraw-fee/usd'))).toEqual({ fee: t.config.money.withdrawFees.usd });
      expect((await alice.get('/v1/exchange/transfers/withdraw-fee/doge')).statusCode).toBe(400);
    });

    it('API.transfers.withdraw-held-then-paid, API.transactions.other-rows: amount + fee are held at once as a pending withdrawal, then paid out by the processor', async () => {
      await depositBtc(alice, '1');
      const fee = t.config.money.withdrawFees.btc!;
      const res = ok<{ success: boolean; message: string }>(
        await alice.client.post('/v1/exchange/transfers/withdraw', {
          currency: 'btc',
          amount: '0.25',
          address: BTC_RECIPIENT,
          memo: 'rent',
        }),
      );
      expect(res.success).toBe(true);
      expect(res.message).toMatch(/pending/);
      const held = (await alice.balances()).btc;
      expect(held.balance).toBe('1');
      expect(held.available).toBe((1 - 0.25 - Number(fee)).toFixed(8).replace(/0+$/, ''));
      expect(await transactions(alice, '?pending=true')).toMatchObject([
        { action: 'Charge', amount: `-${fee}`, status: 'pending' },
        { action: 'Withdraw', amount: '-0.25', status: 'pending' },
      ]);
      await expectLedgerSound(t);

      await advance(t.config.money.payoutDelayMs);
      const after = (await alice.balances()).btc;
      expect(after.balance).toBe(after.available);
      expect(after.balance).toBe((1 - 0.25 - Number(fee)).toFixed(8).replace(/0+$/, ''));
      expect((await transactions(alice)).slice(0, 2)).toMatchObject([
        { action: 'Charge', status: 'done' },
        { action: 'Withdraw', amount: '-0.25', status: 'done' },
      ]);
      await expectLedgerSound(t);
    });

    it('API.transfers.failed-payout-releases: a payout that fails releases the hold; the lines end failed', async () => {
      await depositBtc(alice, '1');
      (t.app.money.payouts as unknown as { failNext(): void }).failNext();
      ok(await alice.client.post('/v1/exchange/transfers/withdraw', { currency: 'btc', amount: '0.4', address: BTC_RECIPIENT }));
      expect((await alice.balances()).btc.available).not.toBe('1');
      await advance(t.config.money.payoutDelayMs);
      expect((await alice.balances()).btc).toEqual({ balance: '1', available: '1' });
      expect((await transactions(alice)).slice(0, 2).map((r) => r.status)).toEqual(['failed', 'failed']);
      await expectLedgerSound(t);
    });

    it('API.transfers.withdraw-restart-keeps-hold: a pending withdrawal keeps its hold across a restart and is then paid out', async () => {
      await depositBtc(alice, '1');
      ok(await alice.client.post('/v1/exchange/transfers/withdraw', { currency: 'btc', amount: '0.1', address: BTC_RECIPIENT }));
      const held = (await alice.balances()).btc;
      const dataDir = t.dataDir;
      const databaseUrl = t.config.databaseUrl;
      const clock = t.clock;
      await t.close({ keepData: true });
      t = await startExchangeApp({ store, dataDir, clock, sessionTimings, config: { databaseUrl } });
      expect(t.app.exchange.checkInvariants()).toEqual([]);
      const again = new (await import('./accounts-harness')).Client(t.app, alice.client.jar);
      const balances = (await again.get('/v1/account-management/balances')).json() as {
        currency: string;
        balance: string;
        available: string;
      }[];
      expect(balances.find((b) => b.currency === 'btc')).toEqual({ currency: 'btc', ...held });
      await advance(t.config.money.payoutDelayMs);
      const done = (
        (await again.get('/v1/account-management/balances')).json() as { currency: string; balance: string; available: string }[]
      ).find((b) => b.currency === 'btc')!;
      expect(done.balance).toBe(held.available);
      expect(done.available).toBe(held.available);
      await expectLedgerSound(t);
    });

    describe('A5.withdraw: bad input gets a clear error and changes nothing', () => {
      const cases: [string, Record<string, unknown>, number, string, string?][] = [
        ['A5.withdraw.amount-required', { currency: 'btc', address: BTC_RECIPIENT }, 400, 'amount', accountMessages.withdrawAmountRequired],
        [
          'A5.withdraw.amount-minimum',
          { currency: 'btc', amount: '0.00009', address: BTC_RECIPIENT },
          400,
          'amount',
          accountMessages.withdrawAmountMinimum,
        ],
        ['negative amount', { currency: 'btc', amount: '-1', address: BTC_RECIPIENT }, 400, 'amount'],
        ['exponent amount', { currency: 'btc', amount: '1e-1', address: BTC_RECIPIENT }, 400, 'amount'],
        ['A5.withdraw.address-required', { currency: 'btc', amount: '0.1' }, 400, 'address', accountMessages.withdrawAddress],
        [
          'A5.withdraw.address-checksum (corrupted bech32)',
          { currency: 'btc', amount: '0.1', address: BTC_RECIPIENT.slice(0, -1) + 'p' },
          400,
          'address',
          accountMessages.withdrawAddress,
        ],
        [
          'A5.withdraw.address-checksum (EIP-55 case broken)',
          { currency: 'eth', amount: '0.1', address: ETH_RECIPIENT.replace('E7', 'e7') },
          400,
          'address',
          accountMessages.withdrawAddress,
        ],
        [
          'A5.withdraw.address-checksum (an eth address for btc)',
          { currency: 'btc', amount: '0.1', address: ETH_RECIPIENT },
          400,
          'address',
          accountMessages.withdrawAddress,
        ],
        [
          'A5.withdraw.transfer-method-required',
          { currency: 'usd', amount: '10' },
          400,
          'transferType',
          accountMessages.withdrawTransferMethod,
        ],
        [
          'A5.withdraw.usd-whole-cents',
          { currency: 'usd', amount: '10.005', transferType: 'wire' },
          400,
          'amount',
          'Amount must have up to 2 decimal places.',
        ],
        ['wrong currency', { currency: 'doge', amount: '1', address: BTC_RECIPIENT }, 400, 'currency'],
        ['more than available (amount + fee)', { currency: 'btc', amount: '1', address: BTC_RECIPIENT }, 422, 'amount'],
        ['usd by ACH without onboarding', { currency: 'usd', amount: '10', transferType: 'ach' }, 409, ''],
        ['usd by wire without an active bank account', { currency: 'usd', amount: '10', transferType: 'wire' }, 409, 'transferType'],
      ];
      it.each(cases)('%s', async (_name, body, status, field, message) => {
        await depositBtc(alice, '1');
        ok(await alice.client.post('/dev/faucet', { currency: 'usd', amount: '100' }));
        const before = { balances: await alice.balances(), rows: await transactions(alice) };
        const res = await alice.client.post('/v1/exchange/transfers/withdraw', body);
        expect(res.statusCode, res.body).toBe(status);
        if (field) expect(problem(res).errors?.[field], res.body).toBeDefined();
        if (message) expect(problem(res).errors![field]!.join(' ')).toContain(message);
        expect(await alice.balances()).toEqual(before.balances);
        expect(await transactions(alice)).toEqual(before.rows);
        await expectLedgerSound(t);
      });
    });
  });

  describe('approved addresses', () => {
    it('API.approved-addresses.code-then-cooldown: an address is added with an emailed code, usable 24 h after, and turns the restriction on', async () => {
      await depositBtc(alice, '1');
      const list0 = ok<{ addresses: unknown[]; withdraw_only_to_approved: boolean }>(await alice.get('/v1/security/approved-addresses'));
      expect(list0).toEqual({ addresses: [], withdraw_only_to_approved: false, restriction_lifts_at: null });

      const added = ok<{ id: string; status: string; usable_at: null }>(
        await alice.client.post('/v1/security/approved-addresses', { label: 'Ledger', currency: 'btc', address: BTC_RECIPIENT }),
      );
      expect(added).toMatchObject({ status: 'unconfirmed', usable_at: null, label: 'Ledger', currency: 'btc', address: BTC_RECIPIENT });
      const wrong = await alice.client.post(`/v1/security/approved-addresses/${added.id}/confirm`, { code: '000000' });
      expect([400]).toContain(wrong.statusCode);
      const mail = (await t.outbox()).find((m) => m.subject?.includes('confirm a new withdrawal address'))!;
      const confirmed = ok<{ status: string; usable_at: string }>(
        await alice.client.post(`/v1/security/approved-addresses/${added.id}/confirm`, { code: mail.code }),
      );
      expect(confirmed.status).toBe('cooling_down');
      expect(Date.parse(confirmed.usable_at)).toBe(t.clock.now() + transferLimits.approvedAddressCooldownMs);
      expect(ok<{ withdraw_only_to_approved: boolean }>(await alice.get('/v1/security/approved-addresses')).withdraw_only_to_approved).toBe(
        true,
      );

      // Cooling down: refused, nothing held.
      const early = await alice.client.post('/v1/exchange/transfers/withdraw', { currency: 'btc', amount: '0.1', address: BTC_RECIPIENT });
      expect(early.statusCode).toBe(422);
      expect(problem(early).code).toBe('withdraw_address_cooling_down');
      // Anywhere else: refused.
      const other = await alice.client.post('/v1/exchange/transfers/withdraw', {
        currency: 'btc',
        amount: '0.1',
        address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      });
      expect(other.statusCode).toBe(422);
      expect(problem(other).code).toBe('withdraw_address_not_approved');
      expect((await alice.balances()).btc).toEqual({ balance: '1', available: '1' });

      await advance(transferLimits.approvedAddressCooldownMs);
      expect(ok<{ addresses: { status: string }[] }>(await alice.get('/v1/security/approved-addresses')).addresses[0]!.status).toBe(
        'usable',
      );
      ok(await alice.client.post('/v1/exchange/transfers/withdraw', { currency: 'btc', amount: '0.1', address: BTC_RECIPIENT }));

      // Turning the restriction off waits out the same cool-down (and mails the user); then any valid address is accepted.
      const lifting = ok<{ withdraw_only_to_approved: boolean; restriction_lifts_at: string }>(
        await alice.client.put('/v1/security/approved-addresses/settings', { withdraw_only_to_approved: false }),
      );
      expect(lifting.withdraw_only_to_approved).toBe(true);
      expect(Date.parse(lifting.restriction_lifts_at)).toBe(t.clock.now() + transferLimits.approvedAddressCooldownMs);
      expect((await t.outbox()).some((m) => m.subject?.includes('withdrawals to any address'))).toBe(true);
      const stillRefused = await alice.client.post('/v1/exchange/transfers/withdraw', {
        currency: 'btc',
        amount: '0.1',
        address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      });
      expect(problem(stillRefused).code).toBe('withdraw_address_not_approved');
      await advance(transferLimits.approvedAddressCooldownMs);
      expect(ok(await alice.get('/v1/security/approved-addresses'))).toMatchObject({
        withdraw_only_to_approved: false,
        restriction_lifts_at: null,
      });
      ok(
        await alice.client.post('/v1/exchange/transfers/withdraw', {
          currency: 'btc',
          amount: '0.1',
          address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
        }),
      );
      // Turning it on again is immediate.
      expect(ok(await alice.client.put('/v1/security/approved-addresses/settings', { withdraw_only_to_approved: true }))).toMatchObject({
        withdraw_only_to_approved: true,
      });
      await expectLedgerSound(t);
    });

    it('API.dev.clock-advance: the dev clock route moves the money clock (cool-downs, confirmations) while sessions keep real time', async () => {
      const { id } = await approve(alice, 'btc', BTC_RECIPIENT);
      const { address } = ok<{ address: string }>(await alice.get('/v1/exchange/transfers/deposit/address/btc'));
      ok(await alice.client.post('/dev/chain/deposit', { address, amount: '1' }));
      expect(ok(await alice.client.post('/dev/clock/advance', { ms: transferLimits.approvedAddressCooldownMs }))).toEqual({
        offset_ms: transferLimits.approvedAddressCooldownMs,
      });
      await t.app.money.transfers.poll();
      expect((await alice.balances()).btc.balance).toBe('1');
      const listed = ok<{ addresses: { id: string; status: string }[] }>(await alice.get('/v1/security/approved-addresses'));
      expect(listed.addresses).toMatchObject([{ id, status: 'usable' }]);
      ok(await alice.client.post('/v1/exchange/transfers/withdraw', { currency: 'btc', amount: '0.1', address: BTC_RECIPIENT }));
      for (const ms of [0, -5, 1.5, '10']) expect((await alice.client.post('/dev/clock/advance', { ms })).statusCode, String(ms)).toBe(400);
    });

    it("API.approved-addresses.bad-input: corrupted or foreign-currency addresses, unknown currencies, duplicates, other users' ids are refused", async () => {
      const bad = [
        { label: 'x', currency: 'btc', address: BTC_RECIPIENT.slice(0, -1) + 'p' },
        { label: 'x', currency: 'eth', address: BTC_RECIPIENT },
        { label: 'x', currency: 'usd', address: '123456789' },
        { label: '', currency: 'btc', address: BTC_RECIPIENT },
      ];
      for (const body of bad) {
        const res = await alice.client.post('/v1/security/approved-addresses', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect(
        (await alice.client.post('/v1/security/approved-addresses', { label: 'x', currency: 'doge', address: BTC_RECIPIENT })).statusCode,
      ).toBe(400);
      const { id } = await approve(alice, 'btc', BTC_RECIPIENT);
      expect(
        (await alice.client.post('/v1/security/approved-addresses', { label: 'again', currency: 'btc', address: BTC_RECIPIENT }))
          .statusCode,
      ).toBe(409);
      const bob = await trader(t);
      expect((await bob.client.call('DELETE', `/v1/security/approved-addresses/${id}`)).statusCode).toBe(404);
      expect((await bob.client.post(`/v1/security/approved-addresses/${id}/confirm`, { code: '123456' })).statusCode).toBe(404);
      expect(ok<{ addresses: unknown[] }>(await alice.get('/v1/security/approved-addresses')).addresses).toHaveLength(1);
      ok(await alice.client.call('DELETE', `/v1/security/approved-addresses/${id}`));
      expect(ok<{ addresses: unknown[] }>(await alice.get('/v1/security/approved-addresses')).addresses).toHaveLength(0);
    });
  });
});

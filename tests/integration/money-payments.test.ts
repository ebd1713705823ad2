import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/shared/messages';
import { expectLedgerSound, ok, problem, startExchangeApp, trader, type TestApp, type Trader } from './exchange-harness';
import { describeEachStore } from '../support/postgres';
import { domesticBankAccount } from '../support/bank-account-bodies';

// Bank accounts (spec A §3, §4, §5) with micro-deposit verification, wire instructions and the
// dev wire, ACH onboarding, deposits and the weekly limit, and USD withdrawals by wire and ACH.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  let alice: Trader;

  // Sessions outlive the week the ACH limit test fast-forwards through.
  const DAYS9 = 9 * 24 * 3600 * 1000;
  const sessionTimings = { accessTtlMs: DAYS9, refreshTtlMs: DAYS9, absoluteLifetimeMs: DAYS9 };

  beforeEach(async () => {
    t = await startExchangeApp({ store, sessionTimings });
    alice = await trader(t);
  });
  afterEach(async () => {
    await t.close();
  });

  const domestic = domesticBankAccount;

  type AccountWire = {
    id: string;
    status: string;
    display_id: string;
    account_number: string;
    verification_attempts_left: number;
    verification_locked: boolean;
  };

  async function advance(ms: number): Promise<void> {
    t.clock.advance(ms);
    await t.app.money.transfers.poll();
    await t.app.exchange.idle();
  }

  /** The two micro-deposits, as the bank statement line in the dev outbox shows them. */
  async function microDeposits(): Promise<[string, string]> {
    const line = (await t.outbox()).find((m) => m.subject?.startsWith('Bank statement'));
    expect(line?.body).toMatch(/verification deposits|VERIFY/);
    const [a, b] = line!.code!.split(' ');
    return [a!, b!];
  }

  async function accounts(who: Trader): Promise<Record<string, AccountWire[]>> {
    return ok<Record<string, AccountWire[]>>(await who.get('/v1/exchange/payments/bank-account'));
  }

  async function activeAccount(who: Trader): Promise<AccountWire> {
    ok(await who.client.post('/v1/exchange/payments/bank-account', domestic));
    const [a, b] = await microDeposits();
    return ok<AccountWire>(await who.client.post('/v1/exchange/payments/bank-account/verify', { amount1: a, amount2: b }));
  }

  async function usd(who: Trader) {
    return (await who.balances()).usd;
  }

  describe('bank account', () => {
    it('API.payments.micro-deposits-verify: create sends two micro-deposits (0.01–0.99); verify in either order makes it active; GET is keyed by currency', async () => {
      expect(await accounts(alice)).toEqual({});
      const created = ok<AccountWire>(await alice.client.post('/v1/exchange/payments/bank-account', domestic));
      expect(created).toMatchObject({ status: 'unverified', account_number: '••••6789', verification_attempts_left: 3 });
      expect(JSON.stringify(await accounts(alice))).not.toContain('000123456789');
      const [a, b] = await microDeposits();
      for (const amount of [a, b]) {
        expect(Number(amount)).toBeGreaterThanOrEqual(0.01);
        expect(Number(amount)).toBeLessThanOrEqual(0.99);
      }
      const verified = ok<AccountWire>(await alice.client.post('/v1/exchange/payments/bank-account/verify', { amount1: b, amount2: a }));
      expect(verified.status).toBe('active');
      expect((await accounts(alice)).usd).toMatchObject([{ status: 'active', display_id: created.display_id }]);
    });

    it('API.payments.verify-three-tries-lock: wrong amounts take a try each, the third locks, a fourth is still refused; nothing becomes active', async () => {
      ok(await alice.client.post('/v1/exchange/payments/bank-account', domestic));
      const [a, b] = await microDeposits();
      const wrong = { amount1: a === '0.01' ? '0.02' : '0.01', amount2: b };
      const first = await alice.client.post('/v1/exchange/payments/bank-account/verify', wrong);
      expect(first.statusCode).toBe(400);
      expect(problem(first).detail).toMatch(/2 tries left/);
      expect(problem(first).errors?.amount1).toBeDefined();
      expect(problem(await alice.client.post('/v1/exchange/payments/bank-account/verify', wrong)).detail).toMatch(/1 try left/);
      const third = await alice.client.post('/v1/exchange/payments/bank-account/verify', wrong);
      expect(third.statusCode).toBe(409);
      expect(problem(third).code).toBe('bank_verify_locked');
      // Even the right amounts are refused now.
      const fourth = await alice.client.post('/v1/exchange/payments/bank-account/verify', { amount1: a, amount2: b });
      expect(fourth.statusCode).toBe(409);
      expect(problem(fourth).detail).toMatch(/locked/);
      expect((await accounts(alice)).usd).toMatchObject([{ status: 'locked', verification_locked: true, verification_attempts_left: 0 }]);
      // Remove and add again: new micro-deposits, three new tries.
      ok(await alice.client.call('DELETE', '/v1/exchange/payments/bank-account'));
      expect(await accounts(alice)).toEqual({});
      expect(ok<AccountWire>(await alice.client.post('/v1/exchange/payments/bank-account', domestic)).verification_attempts_left).toBe(3);
    });

    describe('A5.bank-account: bad create payloads name the field and store nothing', () => {
      const cases: [string, Record<string, unknown>, string][] = [
        ['A5.bank-account.required-fields', { ...domestic, first_name: undefined }, 'first_name'],
        ['A5.bank-account.domestic-fields', { ...domestic, wire_routing_number: undefined }, 'wire_routing_number'],
        ['A5.bank-account.routing-aba-checksum', { ...domestic, routing_number: '021000022' }, 'routing_number'],
        ['A5.bank-account.routing-aba-checksum (wire)', { ...domestic, wire_routing_number: '123456789' }, 'wire_routing_number'],
        ['A5.bank-account.account-number-format', { ...domestic, account_number: '12ab' }, 'account_number'],
        [
          'A5.bank-account.international-fields',
          { ...domestic, is_international: true, swift_number: 'DEUTDEFF', bank_name: 'Deutsche Bank' },
          'wire_instructions',
        ],
        [
          'A5.bank-account.swift-format',
          {
            ...domestic,
            is_international: true,
            account_number: 'DE89370400440532013000',
            swift_number: 'DEUT1EFF',
            bank_name: 'DB',
            wire_instructions: 'x',
          },
          'swift_number',
        ],
        [
          'A5.bank-account.account-number-format (IBAN check digits)',
          {
            ...domestic,
            is_international: true,
            account_number: 'DE88370400440532013000',
            swift_number: 'DEUTDEFF',
            bank_name: 'DB',
            wire_instructions: 'x',
          },
          'account_number',
        ],
        ['A5.bank-account.corporate-name', { ...domestic, type: 'corporate' }, 'name'],
        ['wrong currency', { ...domestic, bank_currency: 'eur' }, 'bank_currency'],
      ];
      it.each(cases)('%s', async (_name, body, field) => {
        const res = await alice.client.post('/v1/exchange/payments/bank-account', body);
        expect(res.statusCode, res.body).toBe(400);
        expect(problem(res).errors?.[field], res.body).toBeDefined();
        expect(await accounts(alice)).toEqual({});
      });
    });

    it('A5.bank-account.international-fields: an international corporate account with IBAN and SWIFT is accepted', async () => {
      const created = ok<AccountWire & { international_bank: boolean; name1: string }>(
        await alice.client.post('/v1/exchange/payments/bank-account', {
          ...domestic,
          type: 'corporate',
          name: 'Analytical Engines Ltd',
          is_international: true,
          account_number: 'DE89 3704 0044 0532 0130 00',
          routing_number: undefined,
          wire_routing_number: undefined,
          swift_number: 'deut de ff',
          wire_instructions: 'For further credit to Analytical Engines Ltd',
        }),
      );
      expect(created).toMatchObject({ international_bank: true, name1: 'Analytical Engines Ltd', account_number: '••••3000' });
      // One account per currency.
      expect((await alice.client.post('/v1/exchange/payments/bank-account', domestic)).statusCode).toBe(409);
    });

    it('A5.bank-account.verify-amounts-range: verify amounts outside 0.01–1 or off the 0.01 step are refused without taking a try', async () => {
      ok(await alice.client.post('/v1/exchange/payments/bank-account', domestic));
      for (const body of [
        { amount1: '0', amount2: '0.5' },
        { amount1: '-0.1', amount2: '0.5' },
        { amount1: '1e-1', amount2: '0.5' },
        { amount1: '0.123', amount2: '0.5' },
        { amount1: '1.5', amount2: '0.5' },
        { amount2: '0.5' },
      ]) {
        const res = await alice.client.post('/v1/exchange/payments/bank-account/verify', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(problem(res).errors?.amount1, JSON.stringify(body)).toBeDefined();
      }
      expect((await accounts(alice)).usd![0]!.verification_attempts_left).toBe(3);
    });

    it('API.payments.remove-blocked-by-pending-withdrawal: a bank account with a pending wire withdrawal cannot be removed', async () => {
      await activeAccount(alice);
      ok(await alice.client.post('/dev/faucet', { currency: 'usd', amount: '1000' }));
      ok(await alice.client.post('/v1/exchange/transfers/withdraw', { currency: 'usd', amount: '100', transferType: 'wire' }));
      const busy = await alice.client.call('DELETE', '/v1/exchange/payments/bank-account');
      expect(busy.statusCode).toBe(409);
      expect(problem(busy).code).toBe('bank_account_busy');
      await advance(t.config.money.payoutDelayMs);
      ok(await alice.client.call('DELETE', '/v1/exchange/payments/bank-account'));
      expect(await accounts(alice)).toEqual({});
      const none = await alice.client.call('DELETE', '/v1/exchange/payments/bank-account');
      expect(none.statusCode).toBe(404);
    });
  });

  describe('limits', () => {
    it('API.payments.create-rate-limited: creating bank accounts and adding approved addresses are limited per user like code requests', async () => {
      await t.close();
      t = await startExchangeApp({ store, sessionTimings, rateLimits: { codeRequestPerUser: { max: 2, windowMs: 60_000 } } });
      alice = await trader(t);
      for (let i = 0; i < 2; i++) {
        ok(await alice.client.post('/v1/exchange/payments/bank-account', domestic));
        ok(await alice.client.call('DELETE', '/v1/exchange/payments/bank-account'));
      }
      const third = await alice.client.post('/v1/exchange/payments/bank-account', domestic);
      expect(third.statusCode).toBe(429);
      expect(await accounts(alice)).toEqual({});
      const address = { label: 'x', currency: 'btc', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' };
      for (let i = 0; i < 2; i++)
        expect((await alice.client.post('/v1/security/approved-addresses', address)).statusCode).toBe(i === 0 ? 201 : 409);
      expect((await alice.client.post('/v1/security/approved-addresses', address)).statusCode).toBe(429);
    });
  });

  describe('wire', () => {
    it('A7.payments.wire-instructions, API.dev.wire-deposit: the receiving bank from configuration and a per-user reference id; a wire carrying it is credited', async () => {
      const first = ok<Record<string, string>>(await alice.get('/v1/exchange/payments/wire-instructions'));
      const bank = t.config.money.wireBank;
      expect(first).toMatchObject({
        beneficiary_name: bank.beneficiaryName,
        bank_name: bank.bankName,
        bank_routing_swift: bank.swift,
        bank_routing_number: bank.routingNumber,
        bank_account_number: bank.accountNumber,
      });
      expect(first.reference_id).toMatch(/^OX[A-Z2-9]{10}$/);
      expect(ok<Record<string, string>>(await alice.get('/v1/exchange/payments/wire-instructions')).reference_id).toBe(first.reference_id);
      const bob = await trader(t);
      expect(ok<Record<string, string>>(await bob.get('/v1/exchange/payments/wire-instructions')).reference_id).not.toBe(
        first.reference_id,
      );

      const credited = ok<{ status: string; method: string }>(
        await bob.client.post('/dev/wire/deposit', { reference_id: first.reference_id, amount: '2500.50' }),
      );
      expect(credited).toMatchObject({ status: 'done', method: 'wire' });
      expect(await usd(alice)).toEqual({ balance: '2500.5', available: '2500.5' });
      expect((await usd(bob)).balance).toBe('0');
      expect((await alice.client.post('/dev/wire/deposit', { reference_id: 'OXNOTAREF', amount: '1' })).statusCode).toBe(404);
      expect((await alice.client.post('/dev/wire/deposit', { reference_id: first.reference_id, amount: '-5' })).statusCode).toBe(400);
      await expectLedgerSound(t);
    });

    it('API.transfers.usd-wire-withdrawal: an account without wires enabled cannot receive a wire withdrawal', async () => {
      ok(await alice.client.post('/v1/exchange/payments/bank-account', { ...domestic, enable_wires: false }));
      const [a, b] = await microDeposits();
      ok(await alice.client.post('/v1/exchange/payments/bank-account/verify', { amount1: a, amount2: b }));
      ok(await alice.client.post('/dev/faucet', { currency: 'usd', amount: '1000' }));
      const res = await alice.client.post('/v1/exchange/transfers/withdraw', { currency: 'usd', amount: '100', transferType: 'wire' });
      expect(res.statusCode).toBe(409);
      expect(problem(res).errors?.transferType).toEqual(['Wires are not enabled on your bank account.']);
      expect(await usd(alice)).toEqual({ balance: '1000', available: '1000' });
    });

    it('API.transfers.usd-wire-withdrawal: a wire withdrawal to the active bank account holds amount + fee and is paid out', async () => {
      await activeAccount(alice);
      ok(await alice.client.post('/dev/faucet', { currency: 'usd', amount: '1000' }));
      const fee = t.config.money.withdrawFees.usd!;
      ok(await alice.client.post('/v1/exchange/transfers/withdraw', { currency: 'usd', amount: '100', transferType: 'wire' }));
      expect(await usd(alice)).toEqual({ balance: '1000', available: String(900 - Number(fee)) });
      await advance(t.config.money.payoutDelayMs);
      expect(await usd(alice)).toEqual({ balance: String(900 - Number(fee)), available: String(900 - Number(fee)) });
      await expectLedgerSound(t);
    });
  });

  describe('ACH', () => {
    it('A2.ach.success-text: onboarding with an active account sets the dwolla flag; an ACH deposit is pending for the settlement period, then credited', async () => {
      expect(ok(await alice.get('/v1/exchange/payments/ach/agreement-status'))).toEqual({ dwolla: false });
      expect(ok(await alice.get('/v1/exchange/payments/ach/deposit-limit'))).toEqual({
        weekly_deposit_limit: t.config.money.achWeeklyLimit,
      });
      const early = await alice.client.post('/v1/exchange/payments/ach/deposit', { amount: '100' });
      expect(early.statusCode).toBe(409);
      expect(problem(early).code).toBe('ach_not_onboarded');

      // An unverified account cannot be onboarded.
      const created = ok<AccountWire>(await alice.client.post('/v1/exchange/payments/bank-account', domestic));
      expect(
        (await alice.client.post('/v1/exchange/payments/ach/onboarding', { bank_account_display_id: created.display_id })).statusCode,
      ).toBe(409);
      const [a, b] = await microDeposits();
      ok(await alice.client.post('/v1/exchange/payments/bank-account/verify', { amount1: a, amount2: b }));
      expect(ok(await alice.client.post('/v1/exchange/payments/ach/onboarding', { bank_account_display_id: created.display_id }))).toEqual({
        success: true,
        message: accountMessages.achSuccess,
      });
      expect(ok(await alice.get('/v1/exchange/payments/ach/agreement-status'))).toEqual({ dwolla: true });

      ok(await alice.client.post('/v1/exchange/payments/ach/deposit', { amount: '250.00' }));
      expect(await usd(alice)).toEqual({ balance: '0', available: '0' });
      const pending = ok<{ data: { action: string; amount: string; status: string }[] }>(
        await alice.get('/v1/account-management/transactions?pending=true'),
      ).data;
      expect(pending).toMatchObject([{ action: 'Deposit', amount: '250', status: 'pending' }]);
      await advance(t.config.money.achSettlementMs - 1);
      expect((await usd(alice)).balance).toBe('0');
      await advance(1);
      expect(await usd(alice)).toEqual({ balance: '250', available: '250' });

      // ACH withdrawal goes to the onboarded account.
      ok(await alice.client.post('/v1/exchange/transfers/withdraw', { currency: 'usd', amount: '100', transferType: 'ach' }));
      await advance(t.config.money.payoutDelayMs);
      expect((await usd(alice)).balance).toBe(String(150 - Number(t.config.money.withdrawFees.usd)));
      await expectLedgerSound(t);
    });

    it('API.payments.ach-weekly-limit: deposits past the weekly limit are refused; the window rolls after 7 days', async () => {
      await activeAccount(alice);
      const { display_id } = (await accounts(alice)).usd![0]!;
      ok(await alice.client.post('/v1/exchange/payments/ach/onboarding', { bank_account_display_id: display_id }));
      const limit = Number(t.config.money.achWeeklyLimit);
      ok(await alice.client.post('/v1/exchange/payments/ach/deposit', { amount: String(limit - 100) }));
      const over = await alice.client.post('/v1/exchange/payments/ach/deposit', { amount: '100.01' });
      expect(over.statusCode).toBe(422);
      // The limit and what is left are written alike, to the cent.
      expect(problem(over).detail).toContain(`limit of ${limit.toFixed(2)} USD; 100.00 USD is left`);
      ok(await alice.client.post('/v1/exchange/payments/ach/deposit', { amount: '100' }));
      expect((await alice.client.post('/v1/exchange/payments/ach/deposit', { amount: '0.01' })).statusCode).toBe(422);
      await advance(7 * 24 * 3600 * 1000);
      ok(await alice.client.post('/v1/exchange/payments/ach/deposit', { amount: '0.01' }));
      await expectLedgerSound(t);
    });

    it("API.payments.other-users-account: someone else's bank account id is not found; bad amounts change nothing", async () => {
      const bob = await trader(t);
      await activeAccount(bob);
      const bobs = (await accounts(bob)).usd![0]!;
      const res = await alice.client.post('/v1/exchange/payments/ach/onboarding', { bank_account_display_id: bobs.display_id });
      expect(res.statusCode).toBe(404);
      expect(problem(res).errors?.bank_account_display_id).toBeDefined();
      expect(ok(await alice.get('/v1/exchange/payments/ach/agreement-status'))).toEqual({ dwolla: false });
      // Alice removing "her" account does not touch Bob's.
      expect((await alice.client.call('DELETE', '/v1/exchange/payments/bank-account')).statusCode).toBe(404);
      expect((await accounts(bob)).usd).toHaveLength(1);
      ok(await bob.client.post('/v1/exchange/payments/ach/onboarding', { bank_account_display_id: bobs.display_id }));
      for (const amount of ['-1', '1e2', '0', '0.001', 'ten']) {
        const bad = await bob.client.post('/v1/exchange/payments/ach/deposit', { amount });
        expect(bad.statusCode, amount).toBe(400);
        expect(problem(bad).errors?.amount).toBeDefined();
      }
      expect(ok<{ data: unknown[] }>(await bob.get('/v1/account-management/transactions')).data).toEqual([]);
    });
  });
});

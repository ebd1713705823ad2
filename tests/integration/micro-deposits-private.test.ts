import { afterEach, beforeEach, expect, it } from 'vitest';
import { ok, startExchangeApp, trader, type TestApp, type Trader } from './exchange-harness';
import { domesticBankAccount } from '../support/bank-account-bodies';

// The two micro-deposits of a bank-account verification go from the exchange's bank to the
// customer's bank, not to the exchange balance, and only the bank statement shows them: an
// exchange session that could read them could verify a bank account that is not its own and
// then pull from it by ACH. Nothing the customer's session can read carries them.

let t: TestApp;
let alice: Trader;

beforeEach(async () => {
  t = await startExchangeApp();
  alice = await trader(t);
});
afterEach(async () => {
  await t.close();
});

const domestic = domesticBankAccount;

it('API.payments.micro-deposits-private: the micro-deposit amounts are on the bank statement only: not in the transaction history, the balances or the bank account answer', async () => {
  const created = ok(await alice.client.post('/v1/exchange/payments/bank-account', domestic));
  const line = (await t.outbox()).find((m) => m.subject?.startsWith('Bank statement'));
  const [a, b] = line!.code!.split(' ') as [string, string];
  const readable = [
    JSON.stringify(created),
    (await alice.get('/v1/exchange/payments/bank-account')).body,
    (await alice.get('/v1/account-management/transactions')).body,
    (await alice.get('/v1/account-management/transactions?pending=true&types=deposit')).body,
    (await alice.get('/v1/account-management/balances')).body,
  ];
  for (const body of readable) {
    expect(body).not.toContain(`"${a}"`);
    expect(body).not.toContain(`"${b}"`);
  }
  expect(ok<{ data: unknown[] }>(await alice.get('/v1/account-management/transactions')).data).toEqual([]);
  expect((await alice.balances()).usd).toEqual({ balance: '0', available: '0' });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runOperatorCli } from '../../src/server/operator/cli';
import { fromUnits, toUnits } from '../../src/shared/money/units';
import { Client, registerIndividual } from './accounts-harness';
import { expectLedgerSound, ok, problem, startExchangeApp, trader, type TestApp, type Trader } from './exchange-harness';

// Large withdrawals over HTTP: above WITHDRAWAL_REVIEW_THRESHOLD_USD (10,000 USD by default) a
// withdrawal is held like any other but waits in the operator's review queue instead of going
// to the payout processor. Approved, it is paid; rejected, its hold is released and its lines
// end 'rejected'. BTC is valued by a BTC/USD trade at 20,000, so 1 BTC is above the threshold
// and 0.4 BTC below it. The clock is the test's.

let t: TestApp;
let alice: Trader;
let operator: Client;

const RECIPIENT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const limitOrder = (price: string, quantity: string) => ({
  currency_pair: 'btcusd',
  algorithm_id: 201,
  price,
  quantity,
  time_in_force: 'GTC',
});

async function advance(ms: number): Promise<void> {
  t.clock.advance(ms);
  await t.app.money.transfers.poll();
  await t.app.exchange.idle();
}

async function depositBtc(who: Trader, amount: string): Promise<void> {
  const { address } = ok<{ address: string }>(await who.get('/v1/exchange/transfers/deposit/address/btc'));
  ok(await who.client.post('/dev/chain/deposit', { address, amount }));
  await advance(10_000);
}

async function transactions(who: Trader) {
  return ok<{ data: { id: string; action: string; currency: string; amount: string; status: string }[] }>(
    await who.get('/v1/account-management/transactions'),
  ).data;
}

type Review = { id: string; user_id: string; currency: string; amount: string; destination: string; status: string; email?: string };
async function reviews(status = 'pending'): Promise<Review[]> {
  return ok<{ data: Review[] }>(await operator.get(`/v1/operator/withdrawals?status=${status}`)).data;
}

async function mailTo(email: string, subject: RegExp) {
  return (await t.outbox()).filter((m) => m.to === email && subject.test(m.subject ?? ''));
}

const minus = (a: string, ...b: string[]) => fromUnits(b.reduce((sum, x) => sum - toUnits(x), toUnits(a)));

beforeEach(async () => {
  t = await startExchangeApp();
  // A BTC/USD trade at 20,000 prices BTC for the threshold.
  const seller = await trader(t, { btc: '1' });
  const buyer = await trader(t, { usd: '1000' });
  ok(await seller.sell(limitOrder('20000', '0.01')));
  ok(await buyer.buy(limitOrder('20000', '0.01')));
  await t.app.exchange.idle();
  expect(t.app.exchange.lastPrice('btcusd')).toBe('20000');

  alice = await trader(t);
  await depositBtc(alice, '2');
  const op = await registerIndividual(t);
  expect(await runOperatorCli(['grant', op.user.email], { NODE_ENV: 'test', DATA_DIR: t.dataDir }, () => undefined)).toBe(0);
  operator = new Client(t.app);
  const login = await operator.post('/v1/auth/login', { email: op.user.email, password: 'Str0ng!Passw0rd' }, { authHeader: false });
  expect(login.statusCode, login.body).toBe(200);
});
afterEach(async () => {
  await t.close();
});

/** Alice withdraws 1 BTC (20,000 USD): held, pending review, listed for the operator. */
async function largeWithdrawal(): Promise<{ review: Review; fee: string }> {
  const fee = t.config.money.withdrawFees.btc!;
  const res = ok<{ success: boolean; message: string }>(
    await alice.client.post('/v1/exchange/transfers/withdraw', { currency: 'btc', amount: '1', address: RECIPIENT }),
  );
  expect(res.success).toBe(true);
  expect(res.message).toMatch(/pending review/);
  expect((await alice.balances()).btc).toEqual({ balance: '2', available: minus('2', '1', fee) });
  expect((await transactions(alice)).slice(0, 2)).toMatchObject([
    { action: 'Charge', amount: `-${fee}`, status: 'pending' },
    { action: 'Withdraw', amount: '-1', status: 'pending' },
  ]);
  const listed = (await reviews()).filter((r) => r.user_id === alice.id);
  expect(listed).toEqual([expect.objectContaining({ currency: 'btc', amount: '1', destination: RECIPIENT, status: 'pending' })]);
  // However long it waits, nothing is paid before a decision.
  await advance(t.config.money.payoutDelayMs * 5);
  expect((await alice.balances()).btc).toEqual({ balance: '2', available: minus('2', '1', fee) });
  await expectLedgerSound(t);
  return { review: listed[0]!, fee };
}

describe('large withdrawals wait for an operator', () => {
  it('API.transfers.large-withdrawal-approved: held pending review, approved by an operator, then paid out of the hold; the user is mailed', async () => {
    const { review, fee } = await largeWithdrawal();
    const decided = await operator.post(`/v1/operator/withdrawals/${review.id}/review`, { decision: 'approve', note: 'Known customer.' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ id: review.id, status: 'approved' });
    expect(await reviews()).not.toContainEqual(expect.objectContaining({ id: review.id }));

    await advance(t.config.money.payoutDelayMs);
    const after = (await alice.balances()).btc;
    expect(after).toEqual({ balance: minus('2', '1', fee), available: minus('2', '1', fee) });
    expect((await transactions(alice)).slice(0, 2)).toMatchObject([
      { action: 'Charge', status: 'done' },
      { action: 'Withdraw', amount: '-1', status: 'done' },
    ]);
    const mail = await mailTo(
      (await t.app.ctx.database.db.selectFrom('users').select('email').where('id', '=', alice.id).executeTakeFirstOrThrow()).email,
      /was approved/,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain('Known customer.');
    // Decided once only.
    expect(problem(await operator.post(`/v1/operator/withdrawals/${review.id}/review`, { decision: 'reject', note: 'x' })).code).toBe(
      'withdrawal_already_reviewed',
    );
    await expectLedgerSound(t);
  });

  it('API.transfers.large-withdrawal-rejected: rejected by an operator, the hold is released, the lines end rejected and the user is mailed why', async () => {
    const { review } = await largeWithdrawal();
    const decided = await operator.post(`/v1/operator/withdrawals/${review.id}/review`, {
      decision: 'reject',
      note: 'Address linked to fraud.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'rejected' });
    await t.app.exchange.idle();
    expect((await alice.balances()).btc).toEqual({ balance: '2', available: '2' });
    expect((await transactions(alice)).slice(0, 2)).toMatchObject([
      { action: 'Charge', status: 'rejected' },
      { action: 'Withdraw', amount: '-1', status: 'rejected' },
    ]);
    const row = await t.app.ctx.database.db.selectFrom('transfers').select('status').where('id', '=', review.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('rejected');
    const email = (await t.app.ctx.database.db.selectFrom('users').select('email').where('id', '=', alice.id).executeTakeFirstOrThrow())
      .email;
    const mail = await mailTo(email, /was rejected/);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain('Address linked to fraud.');
    expect(mail[0]!.body).toMatch(/available in your balance again/);
    // Nothing is paid later either.
    await advance(t.config.money.payoutDelayMs * 3);
    expect((await alice.balances()).btc).toEqual({ balance: '2', available: '2' });
    expect((await reviews('rejected')).map((r) => r.id)).toContain(review.id);
    await expectLedgerSound(t);
  });

  it('API.transfers.large-withdrawal-below-threshold: a withdrawal worth no more than the threshold is not reviewed and is paid as before', async () => {
    const fee = t.config.money.withdrawFees.btc!;
    const res = ok<{ message: string }>(
      await alice.client.post('/v1/exchange/transfers/withdraw', { currency: 'btc', amount: '0.4', address: RECIPIENT }),
    );
    expect(res.message).not.toMatch(/review/);
    expect((await reviews()).filter((r) => r.user_id === alice.id)).toEqual([]);
    await advance(t.config.money.payoutDelayMs);
    expect((await alice.balances()).btc).toEqual({ balance: minus('2', '0.4', fee), available: minus('2', '0.4', fee) });
    await expectLedgerSound(t);
  });

  it('API.transfers.large-withdrawal-survives-restart: a withdrawal in review keeps its hold across a restart, gets no payout, and is paid once approved after it', async () => {
    const { review, fee } = await largeWithdrawal();
    const dataDir = t.dataDir;
    const clock = t.clock;
    await t.close({ keepData: true });
    t = await startExchangeApp({ dataDir, clock });
    alice = { ...alice, client: new Client(t.app, alice.client.jar) } as Trader;
    alice.get = (url) => alice.client.get(url);
    operator = new Client(t.app, operator.jar);
    expect(t.app.exchange.checkInvariants()).toEqual([]);
    await advance(t.config.money.payoutDelayMs * 3);
    const held = (await alice.get('/v1/account-management/balances')).json() as { currency: string; balance: string; available: string }[];
    expect(held.find((b) => b.currency === 'btc')).toEqual({ currency: 'btc', balance: '2', available: minus('2', '1', fee) });

    ok(await operator.post(`/v1/operator/withdrawals/${review.id}/review`, { decision: 'approve', note: 'Checked after the restart.' }));
    await advance(t.config.money.payoutDelayMs);
    const paid = (await alice.get('/v1/account-management/balances')).json() as { currency: string; balance: string; available: string }[];
    expect(paid.find((b) => b.currency === 'btc')).toEqual({
      currency: 'btc',
      balance: minus('2', '1', fee),
      available: minus('2', '1', fee),
    });
    await expectLedgerSound(t);
  });

  it('API.transfers.large-withdrawal-decision-applied-later: a decision whose handler did not run is applied by the transfer loop', async () => {
    const { review } = await largeWithdrawal();
    // As if the server stopped between committing the decision and releasing the hold.
    await t.app.ctx.database.db
      .updateTable('withdrawal_reviews')
      .set({ status: 'rejected', note: 'x' })
      .where('id', '=', review.id)
      .execute();
    await advance(1);
    expect((await alice.balances()).btc).toEqual({ balance: '2', available: '2' });
    expect((await transactions(alice)).slice(0, 2).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await expectLedgerSound(t);
  });

  it('API.operator.withdrawal-review: bad input on a review is refused with the field named, and unknown ids are not found', async () => {
    const { review } = await largeWithdrawal();
    const noNote = await operator.post(`/v1/operator/withdrawals/${review.id}/review`, { decision: 'approve' });
    expect(noNote.statusCode).toBe(400);
    expect(Object.keys(problem(noNote).errors ?? {})).toContain('note');
    const badDecision = await operator.post(`/v1/operator/withdrawals/${review.id}/review`, { decision: 'pay', note: 'x' });
    expect(badDecision.statusCode).toBe(400);
    expect(Object.keys(problem(badDecision).errors ?? {})).toContain('decision');
    expect((await operator.post('/v1/operator/withdrawals/nope/review', { decision: 'approve', note: 'x' })).statusCode).toBe(404);
    const badStatus = await operator.get('/v1/operator/withdrawals?status=paid');
    expect(badStatus.statusCode).toBe(400);
    expect(Object.keys(problem(badStatus).errors ?? {})).toContain('query.status');
    // Still waiting, still held.
    expect((await reviews()).map((r) => r.id)).toContain(review.id);
    await expectLedgerSound(t);
  });
});

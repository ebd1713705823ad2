import { describe, expect, it } from 'vitest';
import { createTestEngine } from '../testing/test-engine';

// The base currency's withdrawal fee beside the order entry (spec B §7, §8), through the engine
// on manual time with a routed fetch.

const FEE_PATH = '/v1/exchange/transfers/withdraw-fee';
const feeRequests = (t: ReturnType<typeof createTestEngine>) =>
  t.http.requests.filter((r) => r.path.startsWith(FEE_PATH)).map((r) => r.path);

describe('withdrawal fee of the base currency', () => {
  it('B7.withdrawal-fee.base: the selected pair’s base fee is fetched at login and again when the base changes', async () => {
    const t = createTestEngine();
    t.http.route(`GET ${FEE_PATH}/btc`, { body: { fee: '0.0005' } }).route(`GET ${FEE_PATH}/eth`, { body: { fee: '0.005' } });
    t.start();
    await t.login();
    expect(t.engine.getSnapshot().selected).toMatchObject({ base: 'BTC', withdrawalFee: '0.0005' });

    t.engine.selectPair('ETH', 'USD');
    await t.advance(10);
    expect(t.engine.getSnapshot().selected).toMatchObject({ base: 'ETH', withdrawalFee: '0.005' });

    // Same base, another quote: the fee is the same one, not fetched again.
    t.engine.selectPair('ETH', 'BTC');
    await t.advance(10);
    expect(t.engine.getSnapshot().selected).toMatchObject({ symbol: 'ethbtc', withdrawalFee: '0.005' });
    expect(feeRequests(t)).toEqual([`${FEE_PATH}/btc`, `${FEE_PATH}/eth`]);
  });

  it('B8.fees.lookup-failure: a failed lookup leaves the fee undefined and shows no error', async () => {
    const t = createTestEngine();
    t.http.route(`GET ${FEE_PATH}/btc`, { status: 500, body: { title: 'Internal server error', status: 500 } });
    t.start();
    await t.login();
    const snapshot = t.engine.getSnapshot();
    expect(feeRequests(t)).toEqual([`${FEE_PATH}/btc`]);
    expect(snapshot.selected.withdrawalFee).toBeUndefined();
    expect(snapshot.errors).toEqual([]);
  });

  it('B7.withdrawal-fee.base: an answer for a base no longer selected is dropped', async () => {
    const t = createTestEngine();
    let answerBtc: (fee: string) => void = () => {};
    t.http
      .route(`GET ${FEE_PATH}/btc`, () => new Promise((resolve) => (answerBtc = (fee) => resolve({ body: { fee } }))))
      .route(`GET ${FEE_PATH}/eth`, { body: { fee: '0.005' } });
    t.start();
    await t.login();
    t.engine.selectPair('ETH', 'USD');
    await t.advance(10);
    answerBtc('0.0005');
    await t.advance(10);
    expect(t.engine.getSnapshot().selected).toMatchObject({ base: 'ETH', withdrawalFee: '0.005' });
  });

  it('B7.withdrawal-fee.base: a fee that is not a decimal is not shown', async () => {
    const t = createTestEngine();
    t.http.route(`GET ${FEE_PATH}/btc`, { body: { fee: 'free' } });
    t.start();
    await t.login();
    expect(t.engine.getSnapshot().selected.withdrawalFee).toBeUndefined();
  });
});

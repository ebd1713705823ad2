import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problem, registerIndividual, startApp, type Client, type TestApp } from './accounts-harness';

// The 30-day volume side of the EDD rule: trades that take a user's volume past
// EDD_VOLUME_THRESHOLD_USD require EDD of that user, from the volume the exchange tracks.

let t: TestApp;
beforeAll(async () => {
  t = await startApp({ seed: true, config: { eddVolumeThresholdUsd: 1000 } });
});
afterAll(async () => t.close());

/** A limit order of `quantity` BTC at 100 USD (600 USD of volume for 6 BTC). */
const limit = (quantity: string) => ({ currency_pair: 'btcusd', algorithm_id: 201, price: '100', quantity, time_in_force: 'GTC' });

async function trade(seller: Client, buyer: Client, quantity: string): Promise<void> {
  const sold = await seller.post('/v1/orders/sell', limit(quantity));
  expect(sold.statusCode, sold.body).toBe(200);
  const bought = await buyer.post('/v1/orders/buy', limit(quantity));
  expect(bought.statusCode, bought.body).toBe(200);
}

async function eddRequired(client: Client): Promise<boolean> {
  return ((await client.get('/v1/users/me')).json() as { enhanced_due_diligence_required: boolean }).enhanced_due_diligence_required;
}

async function funded(): Promise<Client> {
  const { client } = await registerIndividual(t);
  expect((await client.post('/dev/faucet', { currency: 'usd', amount: '5000' })).statusCode).toBe(200);
  expect((await client.post('/dev/faucet', { currency: 'btc', amount: '50' })).statusCode).toBe(200);
  return client;
}

describe('EDD required by 30-day trading volume', () => {
  it('API.edd.volume-on-trades: trades that take both sides past the volume threshold require EDD; orders are then refused saying why', async () => {
    const seller = await funded();
    const buyer = await funded();
    await trade(seller, buyer, '6');
    // 600 USD each: below the threshold, and the rule would have answered by now had it tripped.
    expect(await eddRequired(seller)).toBe(false);
    expect(await eddRequired(buyer)).toBe(false);

    await trade(seller, buyer, '6');
    // The rule runs after the batch committed, beside the answer: wait for it, generously.
    await expect.poll(() => eddRequired(buyer), { timeout: 15_000, interval: 50 }).toBe(true);
    await expect.poll(() => eddRequired(seller), { timeout: 15_000, interval: 50 }).toBe(true);
    const refused = await buyer.post('/v1/orders/buy', limit('1'));
    expect(refused.statusCode).toBe(403);
    expect(problem(refused).code).toBe('edd_required');
  });

  it('API.edd.volume-on-trades: volume at the threshold, or deposits alone, do not require EDD', async () => {
    const seller = await funded();
    const buyer = await funded();
    await trade(seller, buyer, '6');
    await trade(seller, buyer, '4');
    // Exactly 1,000 USD each: at the threshold, not above it. A later trade of a bystander
    // proves the exchange has announced what these trades raised.
    const a = await funded();
    const b = await funded();
    await trade(a, b, '10.01');
    await expect.poll(() => eddRequired(b), { timeout: 15_000, interval: 50 }).toBe(true);
    expect(await eddRequired(seller)).toBe(false);
    expect(await eddRequired(buyer)).toBe(false);
    expect((await buyer.post('/v1/orders/buy', limit('1'))).statusCode).toBe(200);
  });
});

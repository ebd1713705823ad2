import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeEddSubmission } from '../support/multipart';
import { problem, registerIndividual, startApp, type TestApp } from './accounts-harness';
import { describeEachStore } from '../support/postgres';

// Deposits that cross the configured threshold require EDD; until the questionnaire is in,
// orders are refused with a sentence that says why.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ store, seed: true, config: { eddDepositThresholdUsd: 1000 } });
  });
  afterAll(async () => t.close());

  const order = { currency_pair: 'btcusd', algorithm_id: 201, price: '100', quantity: '0.01', time_in_force: 'GTC' };

  describe('EDD requirement', () => {
    it('API.edd.requirement-rule: USD and stablecoin deposits above the threshold set enhanced_due_diligence_required', async () => {
      const { client } = await registerIndividual(t);
      expect((await client.post('/dev/faucet', { currency: 'usd', amount: '600' })).statusCode).toBe(200);
      expect((await client.post('/dev/faucet', { currency: 'btc', amount: '50' })).statusCode).toBe(200);
      expect((await client.get('/v1/users/me')).json()).toMatchObject({ enhanced_due_diligence_required: false });
      expect((await client.post('/dev/faucet', { currency: 'usdt', amount: '400.01' })).statusCode).toBe(200);
      expect((await client.get('/v1/users/me')).json()).toMatchObject({ enhanced_due_diligence_required: true });
    });

    it('API.edd.requirement-rule: a wire deposit that crosses the threshold sets it too (every deposit path feeds the rule)', async () => {
      const { client } = await registerIndividual(t);
      const wire = (await client.get('/v1/exchange/payments/wire-instructions')).json() as { reference_id: string };
      expect((await client.post('/dev/wire/deposit', { reference_id: wire.reference_id, amount: '999' })).statusCode).toBe(201);
      expect((await client.get('/v1/users/me')).json()).toMatchObject({ enhanced_due_diligence_required: false });
      expect((await client.post('/dev/wire/deposit', { reference_id: wire.reference_id, amount: '1.01' })).statusCode).toBe(201);
      expect((await client.get('/v1/users/me')).json()).toMatchObject({ enhanced_due_diligence_required: true });
    });

    it('API.edd.blocks-orders, B1.edd.may-gate-trading: while required and not submitted, orders are refused saying why; after submitting they are taken', async () => {
      const { client, user } = await registerIndividual(t);
      expect((await client.post('/dev/faucet', { currency: 'usd', amount: '2000' })).statusCode).toBe(200);
      const refused = await client.post('/v1/orders/buy', order);
      expect(refused.statusCode).toBe(403);
      expect(problem(refused).code).toBe('edd_required');
      expect(problem(refused).detail).toMatch(/Enhanced due diligence is required/);
      const body = completeEddSubmission(user.id);
      const sent = await client.post('/v1/enterprise/eddq/responses', body.payload, { headers: { 'content-type': body.contentType } });
      expect(sent.statusCode, sent.body).toBe(200);
      const placed = await client.post('/v1/orders/buy', order);
      expect(placed.statusCode, placed.body).toBe(200);
    });

    it('API.edd.blocks-orders: a user below the threshold trades without EDD', async () => {
      const { client } = await registerIndividual(t);
      expect((await client.post('/dev/faucet', { currency: 'usd', amount: '100' })).statusCode).toBe(200);
      expect((await client.post('/v1/orders/buy', order)).statusCode).toBe(200);
    });
  });
});

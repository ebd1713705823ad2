import { afterEach, expect, it } from 'vitest';
import { toUnits } from '../../src/shared/money/units';
import { auditLedger } from '../../src/server/ledger/audit';
import { describeEachStore } from '../support/postgres';
import { addUser, openWorld, type ServiceWorld } from './exchange-service-harness';

// Money columns keep every digit on both stores: amounts far past what a binary float holds
// (32 significant digits) and the smallest unit (1e-8) are written by the single writer and read
// back from storage unchanged, through a trade and a restart.

/** 32 significant digits: a float64 would keep about 16 of them. */
const HUGE = '123456789012345678901234.12345678';
const SMALLEST = '0.00000001';

let world: ServiceWorld | null = null;
afterEach(async () => {
  await world?.close({ remove: true });
  world = null;
});

async function storedBalances(w: ServiceWorld, userId: string): Promise<Record<string, { balance: string; available: string }>> {
  const rows = await w.database.db
    .selectFrom('balances')
    .select(['currency', 'balance', 'available'])
    .where('user_id', '=', userId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.currency, { balance: String(r.balance), available: String(r.available) }]));
}

describeEachStore('money columns', (store) => {
  it('CORE.db.money-exact: extreme amounts and the smallest unit come back from storage digit for digit, through a trade and a restart', async () => {
    world = await openWorld({ store });
    const whale = await addUser(world.database, 'whale');
    const minnow = await addUser(world.database, 'minnow');
    await world.exchange.deposit(whale, 'usd', HUGE);
    await world.exchange.deposit(whale, 'btc', SMALLEST);
    await world.exchange.deposit(minnow, 'btc', '1');

    expect(await storedBalances(world, whale)).toMatchObject({
      usd: { balance: HUGE, available: HUGE },
      btc: { balance: SMALLEST, available: SMALLEST },
    });

    // A trade whose amount and fees have every decimal the product carries.
    const ask = await world.exchange.placeOrder(minnow, 'sell', { currency_pair: 'btcusd', price: '12345678.91', quantity: '0.0001' });
    const bid = await world.exchange.placeOrder(whale, 'buy', { currency_pair: 'btcusd', price: '12345678.91', quantity: '0.0001' });
    expect(bid).toMatchObject({ status: 'done', filled: '0.0001' });
    await world.exchange.idle();

    const trade = await world.database.db.selectFrom('trades').select(['price', 'quantity', 'amount']).executeTakeFirstOrThrow();
    expect({ price: String(trade.price), quantity: String(trade.quantity), amount: String(trade.amount) }).toEqual({
      price: '12345678.91',
      quantity: '0.0001',
      amount: '1234.567891',
    });
    const orders = await world.database.db
      .selectFrom('orders')
      .select(['id', 'price', 'filled', 'filled_amount', 'fees'])
      .where('id', 'in', [Number(ask.id), Number(bid.id)])
      .orderBy('id')
      .execute();
    expect(orders.map((o) => String(o.price))).toEqual(['12345678.91', '12345678.91']);
    expect(orders.map((o) => String(o.filled_amount))).toEqual(['1234.567891', '1234.567891']);

    // The whale paid the amount and its fee out of HUGE, to the last unit.
    const fee = toUnits(String(orders[1]!.fees));
    const after = await storedBalances(world, whale);
    expect(toUnits(after.usd!.balance) + toUnits('1234.567891') + fee).toBe(toUnits(HUGE));
    expect(toUnits(after.btc!.balance)).toBe(toUnits(SMALLEST) + toUnits('0.0001'));
    expect((await auditLedger(world.database.db)).problems).toEqual([]);

    // A restart rebuilds the ledger from those columns: nothing rounded on the way.
    const { dataDir, clock, databaseUrl } = world;
    await world.close();
    world = await openWorld({ dataDir, clock, store, databaseUrl });
    expect(world.exchange.checkInvariants()).toEqual([]);
    expect(await storedBalances(world, whale)).toEqual(after);
    const again = await world.exchange.deposit(whale, 'usd', SMALLEST);
    expect(toUnits(String(again.balance))).toBe(toUnits(after.usd!.balance) + 1n);
    await world.exchange.idle();
    expect((await storedBalances(world, whale)).usd!.balance).toBe(String(again.balance));
  });
});

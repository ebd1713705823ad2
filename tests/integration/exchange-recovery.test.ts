import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/errors';
import { auditLedger } from '../../src/server/ledger/audit';
import { exchangeReads } from '../../src/server/repositories/exchange-reads';
import { describeEachStore } from '../support/postgres';
import { addUser, openWorld, type ServiceWorld } from './exchange-service-harness';

// The single writer's guarantees at the service level: commands in submission order, group
// commit, answers only after commit, rebuild from storage when a commit fails, and a restart that
// rebuilds every book (resting, dark, stops, trailing stops, GTD expiries) exactly.

let world: ServiceWorld | null = null;
afterEach(async () => {
  await world?.close({ remove: true });
  world = null;
});

/** A `beforeCommit` hook that fails the commit after `arm()`, once ('disk full'). */
function failingCommit() {
  const state = { armed: false };
  return {
    arm: () => void (state.armed = true),
    beforeCommit: () => {
      if (!state.armed) return;
      state.armed = false;
      throw new Error('disk full');
    },
  };
}

/** A trigger that makes the database itself refuse any trade at `price`. */
async function refuseTradesAt(w: ServiceWorld, price: string) {
  const db = w.database.db;
  if (w.database.dialect === 'sqlite') {
    await sql`create trigger refuse_trade before insert on trades when new.price = ${sql.lit(price)} begin select raise(abort, 'refused'); end`.execute(
      db,
    );
    return;
  }
  await sql`create function refuse_trade() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(db);
  await sql`create trigger refuse_trade before insert on trades for each row when (new.price = ${sql.lit(price)}) execute function refuse_trade()`.execute(
    db,
  );
}

async function funded(w: ServiceWorld, id: string, funds: Record<string, string>) {
  await addUser(w.database, id);
  for (const [c, a] of Object.entries(funds)) await w.exchange.deposit(id, c, a);
  return id;
}

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  describe('single writer with group commit', () => {
    it('API.commit.answer-after-commit, API.orders.answer, API.orders.ids-increasing: group commit: concurrent orders are applied strictly in submission order and share commits; answers come after the commit', async () => {
      let commits = 0;
      world = await openWorld({ store, exchange: { beforeCommit: () => void commits++ } });
      const alice = await funded(world, 'alice', { usd: '1000000' });
      commits = 0;
      const placed = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          world!.exchange.placeOrder(alice, 'buy', { currency_pair: 'btcusd', price: String(20000 + i), quantity: '0.001' }),
        ),
      );
      expect(placed.map((o) => Number(o.id))).toEqual([...placed.map((o) => Number(o.id))].sort((a, b) => a - b));
      expect(commits).toBeLessThan(20);
      // Answered means committed: storage already has every one of them.
      const rows = await exchangeReads(world.database.db, world.database.dialect).liveOrders(alice);
      expect(rows).toHaveLength(200);
    });

    it('API.errors.exchange-unavailable-503: on a failed commit the batch is refused (503) and the books and the ledger are rebuilt from storage', async () => {
      const failure = failingCommit();
      world = await openWorld({ store, exchange: { beforeCommit: failure.beforeCommit } });
      const bob = await funded(world, 'bob', { btc: '1' });
      const alice = await funded(world, 'alice', { usd: '100000' });
      const ask = await world.exchange.placeOrder(bob, 'sell', { currency_pair: 'btcusd', price: '30000', quantity: '0.5' });
      const hash = world.exchange.stateHash('btcusd');

      failure.arm();
      const failed = await world.exchange
        .placeOrder(alice, 'buy', { currency_pair: 'btcusd', price: '30000', quantity: '0.2' })
        .catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(AppError);
      expect(failed).toMatchObject({ code: 'exchange_unavailable', status: 503 });
      // Memory is back to what storage holds: the ask untouched, no fill, no hold.
      expect(world.exchange.stateHash('btcusd')).toBe(hash);
      expect(world.exchange.checkInvariants()).toEqual([]);
      expect(world.exchange.depth('btcusd')!.asks).toEqual([['30000', '0.5']]);

      const retry = await world.exchange.placeOrder(alice, 'buy', { currency_pair: 'btcusd', price: '30000', quantity: '0.2' });
      expect(retry).toMatchObject({ status: 'done', filled: '0.2' });
      expect(Number(retry.id)).toBe(Number(ask.id) + 1);
      expect((await auditLedger(world.database.db)).problems).toEqual([]);
    });

    it('pipelining: a batch applied while the one before it commits fails with it, and memory is rebuilt once both settled', async () => {
      const failure = failingCommit();
      // The failing batch's answer is held back until the next batch has been applied and sent to
      // the writer, so the two are certainly in flight together.
      let holding: { release(): void; released: Promise<void> } | null = null;
      // Which commit is the failing one is decided when it is asked for, not from the hook's armed flag:
      // PostgreSQL's committer runs the hook later, inside its transaction, so the flag is still
      // set when the next batch's commit arrives, and that answer would be held back too, for ever.
      let holdNext = false;
      world = await openWorld({
        store,
        exchange: {
          beforeCommit: failure.beforeCommit,
          wrapCommitter: (real) => ({
            ...real,
            commit(statements) {
              const failing = holdNext;
              holdNext = false;
              const written = real.commit(statements);
              if (failing) {
                // Handled here too (as the exchange does): the writer may refuse the batch before
                // it is released, and a rejection nobody has subscribed to yet is reported as unhandled.
                written.catch(() => undefined);
                let release!: () => void;
                const released = new Promise<void>((r) => (release = r));
                holding = { release, released };
                return released.then(() => written);
              }
              holding?.release();
              return written;
            },
          }),
        },
      });
      const w = world;
      const bob = await funded(w, 'bob', { btc: '1' });
      const alice = await funded(w, 'alice', { usd: '100000' });
      await w.exchange.placeOrder(bob, 'sell', { currency_pair: 'btcusd', price: '30000', quantity: '0.5' });
      const hash = w.exchange.stateHash('btcusd');

      failure.arm();
      holdNext = true;
      const first = w.exchange
        .placeOrder(alice, 'buy', { currency_pair: 'btcusd', price: '30000', quantity: '0.2' })
        .catch((e: unknown) => e);
      // The first batch is applied and on its way to the writer; this one becomes the next batch,
      // applied on memory that includes the first.
      await new Promise((r) => setImmediate(r));
      const second = w.exchange
        .placeOrder(alice, 'buy', { currency_pair: 'btcusd', price: '30000', quantity: '0.1' })
        .catch((e: unknown) => e);
      expect(await first).toMatchObject({ code: 'exchange_unavailable' });
      expect(await second).toMatchObject({ code: 'exchange_unavailable' });

      expect(w.exchange.stateHash('btcusd')).toBe(hash);
      expect(w.exchange.checkInvariants()).toEqual([]);
      expect(await exchangeReads(w.database.db, w.database.dialect).liveOrders(alice)).toEqual([]);
      expect((await auditLedger(w.database.db)).problems).toEqual([]);
      const retry = await w.exchange.placeOrder(alice, 'buy', { currency_pair: 'btcusd', price: '30000', quantity: '0.2' });
      expect(retry).toMatchObject({ status: 'done', filled: '0.2' });
    });

    it('CORE.commit.idempotent-across-pipeline: pipelining: the same client_order_id in a batch applied while the first is still committing places one order', async () => {
      world = await openWorld({ store });
      const w = world;
      const alice = await funded(w, 'alice', { usd: '100000' });
      const form = { currency_pair: 'btcusd', price: '20000', quantity: '0.1', client_order_id: '777777' };
      const first = w.exchange.placeOrder(alice, 'buy', form);
      await new Promise((r) => setImmediate(r));
      const second = w.exchange.placeOrder(alice, 'buy', form);
      await new Promise((r) => setImmediate(r));
      const third = w.exchange.placeOrder(alice, 'buy', form);
      const [a, b, c] = await Promise.all([first, second, third]);
      expect(b.id).toBe(a.id);
      expect(c.id).toBe(a.id);
      expect(await exchangeReads(w.database.db, w.database.dialect).liveOrders(alice)).toHaveLength(1);
      // Later batches find it in storage.
      expect((await w.exchange.placeOrder(alice, 'buy', form)).id).toBe(a.id);
    });

    it('API.commit.one-transaction: a commit the database itself refuses (a failing trigger) changes nothing that was acknowledged', async () => {
      world = await openWorld({ store });
      await refuseTradesAt(world, '66666');
      const bob = await funded(world, 'bob', { btc: '1' });
      const alice = await funded(world, 'alice', { usd: '100000' });
      await world.exchange.placeOrder(bob, 'sell', { currency_pair: 'btcusd', price: '66666', quantity: '0.5' });
      const refused = await world.exchange
        .placeOrder(alice, 'buy', { currency_pair: 'btcusd', price: '66666', quantity: '0.1' })
        .catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: 'exchange_unavailable' });
      expect(world.exchange.depth('btcusd')!.asks).toEqual([['66666', '0.5']]);
      expect(world.exchange.checkInvariants()).toEqual([]);
      expect((await auditLedger(world.database.db)).problems).toEqual([]);
      const rows = await exchangeReads(world.database.db, world.database.dialect).liveOrders(alice);
      expect(rows).toEqual([]);
    });
  });

  describe('restart', () => {
    it('CORE.commit.client-key-filter: a client_order_id stored before a restart answers its order after it; another user may still use it', async () => {
      world = await openWorld({ store });
      const alice = await funded(world, 'alice', { usd: '100000' });
      const bob = await funded(world, 'bob', { usd: '100000' });
      const form = { currency_pair: 'btcusd', price: '20000', quantity: '0.1', client_order_id: '523817' };
      const first = await world.exchange.placeOrder(alice, 'buy', form);
      const { dataDir, clock, databaseUrl } = world;
      await world.close();
      world = await openWorld({ dataDir, clock, store, databaseUrl });
      expect((await world.exchange.placeOrder(alice, 'buy', form)).id).toBe(first.id);
      // In one batch with new ids: only the stored one answers from storage.
      const [again, fresh, bobs] = await Promise.all([
        world.exchange.placeOrder(alice, 'buy', form),
        world.exchange.placeOrder(alice, 'buy', { ...form, client_order_id: '523818' }),
        world.exchange.placeOrder(bob, 'buy', form),
      ]);
      expect(again.id).toBe(first.id);
      expect(new Set([first.id, fresh.id, bobs.id]).size).toBe(3);
      const reads = exchangeReads(world.database.db, world.database.dialect);
      expect(await reads.liveOrders(alice)).toHaveLength(2);
      expect(await reads.liveOrders(bob)).toHaveLength(1);
    });

    it('CORE.commit.restart-keeps-everything, API.commit.restart-rebuilds: rebuilding every book from storage loses nothing acknowledged: resting, dark, stops, trailing stops and GTD expiries', async () => {
      world = await openWorld({ store });
      const mm = await funded(world, 'mm', { usd: '1000000', btc: '100' });
      const alice = await funded(world, 'alice', { usd: '1000000', btc: '10' });
      const ex = world.exchange;
      const now = world.clock.now();
      await ex.placeOrder(mm, 'sell', { currency_pair: 'btcusd', price: '30000', quantity: '0.01' });
      await ex.placeOrder(alice, 'buy', { currency_pair: 'btcusd', price: '30000', quantity: '0.01' }); // last price 30000
      await ex.placeOrder(mm, 'buy', { currency_pair: 'btcusd', price: '29000', quantity: '1' });
      await ex.placeOrder(mm, 'buy', { currency_pair: 'btcusd', price: '29000', quantity: '0.5', destination: 'Dark Pool' });
      await ex.placeOrder(mm, 'sell', { currency_pair: 'btcusd', price: '31000', quantity: '2' });
      const gtd = await ex.placeOrder(alice, 'buy', {
        currency_pair: 'btcusd',
        price: '28000',
        quantity: '0.1',
        time_in_force: 'GTD',
        expires: now + 60_000,
      });
      const stop = await ex.placeOrder(alice, 'sell', { currency_pair: 'btcusd', algorithm_id: 304, price: '29500', quantity: '0.2' });
      const trail = await ex.placeOrder(alice, 'sell', { currency_pair: 'btcusd', algorithm_id: 308, quantity: '0.3', stop_amount: '700' });
      await ex.placeOrder(mm, 'sell', { currency_pair: 'btcusd', price: '30500', quantity: '0.01' });
      await ex.placeOrder(alice, 'buy', { currency_pair: 'btcusd', price: '30500', quantity: '0.01' }); // trail moves to 29800
      await ex.placeOrder(alice, 'sell', { currency_pair: 'ethusd', price: '3000', quantity: '0.5' }).catch(() => undefined); // alice holds no eth: refused

      const hash = ex.stateHash('btcusd');
      const depth = ex.depth('btcusd');
      const { dataDir, clock, databaseUrl } = world;
      await world.close();
      world = await openWorld({ dataDir, clock, store, databaseUrl });
      const ex2 = world.exchange;
      expect(ex2.stateHash('btcusd')).toBe(hash);
      expect(ex2.depth('btcusd')).toEqual(depth);
      expect(ex2.lastPrice('btcusd')).toBe('30500');
      expect(ex2.checkInvariants()).toEqual([]);
      expect((await auditLedger(world.database.db)).problems).toEqual([]);

      // GTD expiry still happens after the restart.
      world.clock.advance(60_000);
      expect(await ex2.runTimers()).toBe(1);
      const reads = exchangeReads(world.database.db, world.database.dialect);
      expect((await reads.order(Number(gtd.id)))!.status).toBe('expired');
      // The trailing stop kept its trigger (29800): a print there fires it; its market sale trades at
      // 29000, which in turn fires the plain stop (29500) in the same command.
      await ex2.placeOrder(mm, 'sell', { currency_pair: 'btcusd', price: '29800.01', quantity: '0.01' });
      await ex2.placeOrder(alice, 'buy', { currency_pair: 'btcusd', price: '29800.01', quantity: '0.01' });
      expect((await reads.order(Number(trail.id)))!.status).toBe('open');
      await ex2.placeOrder(mm, 'sell', { currency_pair: 'btcusd', price: '29800', quantity: '0.01' });
      await ex2.placeOrder(alice, 'buy', { currency_pair: 'btcusd', price: '29800', quantity: '0.01' });
      expect(await reads.order(Number(trail.id))).toMatchObject({ status: 'done', filled: '0.3', filled_amount: '8700' });
      expect(await reads.order(Number(stop.id))).toMatchObject({ status: 'done', filled: '0.2', filled_amount: '5800' });
      expect(ex2.checkInvariants()).toEqual([]);
    });
  });
});

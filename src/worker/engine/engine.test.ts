import { describe, expect, it } from 'vitest';
import { hubEvents } from '../../shared/hub/names';
import { NOT_STARTED } from '../errors/catalogue';
import { initialSnapshot } from '../snapshot/initial-snapshot';
import { createTestEngine, TEST_USER, type TestEngine } from '../testing/test-engine';

// The engine's life: an idle shell until start(), a run with its collaborators until
// dispose(), idle again after. Idle, it answers every command the same way.

/** Sends every command; returns the answers of those that answer. */
async function sendEveryCommand(t: TestEngine) {
  const e = t.engine;
  e.setAuth(TEST_USER);
  e.selectPair('ETH', 'USD');
  e.retry();
  e.reload();
  e.dismissError(1);
  e.setPairSearch('eth');
  e.setPairQuoteFilter('USD');
  e.cyclePairSort('pair');
  e.requestQuote({ pair: 'btcusd', side: 'buy', value: '100' });
  e.clearQuote();
  e.ingestOrderBook({ pair: 'btcusd', bids: [['100', '1', 'ox']], asks: [['101', '1', 'ox']] });
  return Promise.all([e.joinFeeds(['ticker.ox.btcusd']), e.leaveFeeds(['ticker.ox.btcusd']), e.cancelOrder('42')]);
}

describe('engine lifecycle', () => {
  it('before start the engine publishes the initial snapshot', () => {
    const t = createTestEngine();
    const { version: _published, ...slices } = t.engine.getSnapshot();
    const { version: _initial, ...initial } = initialSnapshot();
    expect(slices).toEqual(initial);
  });

  it('before start every command that answers resolves the one NOT_STARTED value; the others change nothing', async () => {
    const t = createTestEngine();
    const before = t.engine.getSnapshot();
    const answers = await sendEveryCommand(t);
    for (const a of answers) expect(a).toBe(NOT_STARTED);
    expect(NOT_STARTED).toMatchObject({ ok: false, code: 'NOT_STARTED', message: 'Connection not available' });
    await t.advance(5_000);
    expect(t.engine.getSnapshot()).toBe(before);
    expect(t.hub.starts).toBe(0);
    expect(t.http.requests).toHaveLength(0);
    expect(t.host.pairsSaved).toEqual([]);
  });

  it('the order-form calculators answer without a running engine', () => {
    const t = createTestEngine();
    expect(t.engine.percentShortcut({ side: 'buy', percent: 50, available: '100' })).toEqual({ field: 'amount', value: '50' });
    const limit = t.engine.recalcLimit({ side: 'buy', fee: '0', price: '2', quantity: '3', amount: '', lastEdited: ['quantity', 'price'] });
    expect(limit).toMatchObject({ ok: true, derived: 'amount' });
  });

  it('after dispose the engine answers as before start; a new start runs afresh', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    expect(t.engine.getSnapshot().connection.state).toBe('Authenticated');
    t.hub.emit(hubEvents.orderBook, { pair: 'btcusd', bids: [['100', '1', 'ox']], asks: [['101', '1', 'ox']] });
    await t.engine.dispose();
    const starts = t.hub.starts;
    const requests = t.http.requests.length;
    for (const a of await sendEveryCommand(t)) expect(a).toBe(NOT_STARTED);
    await t.advance(5_000);
    expect(t.hub.starts).toBe(starts);
    expect(t.http.requests).toHaveLength(requests);

    t.start();
    expect(t.engine.getSnapshot()).toMatchObject({ user: null, connection: { state: 'NotConnected' }, book: { bids: [], loading: true } });
    await t.login();
    expect(t.engine.getSnapshot().connection.state).toBe('Authenticated');
    expect(t.hub.starts).toBe(starts + 1);
  });

  it('a second start while running is ignored', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    t.start({ base: 'ETH', quote: 'BTC' });
    await t.advance(1_000);
    expect(t.engine.getSnapshot()).toMatchObject({
      user: { id: TEST_USER.id },
      selected: { symbol: 'btcusd' },
      connection: { state: 'Authenticated' },
    });
  });
});

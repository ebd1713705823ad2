import { afterAll, describe, expect, it } from 'vitest';
import { startRealtimeApp, waitFor, type RealtimeApp } from './realtime-support';
import { describeEachStore } from '../support/postgres';

// Spec B §3 ticker over a rolling 24 h window: after a restart the tickers are rebuilt from the
// stored trades, so a restart changes nothing a client sees.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: RealtimeApp | null = null;

  afterAll(async () => {
    await t?.close();
  });

  describe('spec B §3 ticker survives a restart', () => {
    it('CORE.ticker.seeded-from-trades: is seeded from stored trades at startup and matches what it was before', async () => {
      t = await startRealtimeApp({ store, simRate: 500 });
      const pairs = t.app.realtime.marketData.pairs();
      await waitFor(() => pairs.every((p) => t!.app.realtime.marketData.ticker(p)?.last !== undefined), 20_000, 'a trade on every pair');
      await t.app.realtime.simulator.stop();
      await t.app.exchange.idle();
      const before = Object.fromEntries(pairs.map((p) => [p, t!.app.realtime.marketData.ticker(p)]));
      const dataDir = t.dataDir;
      await t.close({ keepData: true });

      t = await startRealtimeApp({ store, simRate: 0, dataDir, config: { databaseUrl: t.config.databaseUrl } });
      const after = Object.fromEntries(pairs.map((p) => [p, t!.app.realtime.marketData.ticker(p)]));
      expect(after).toEqual(before);
      expect(Number(after.btcusd!.volume)).toBeGreaterThan(0);
    });
  });
});

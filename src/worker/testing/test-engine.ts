import { paths } from '../../shared/api/paths';
import type { EngineConfig, EngineHost, EngineUser } from '../api';
import { createEngine, type Engine } from '../engine/engine';
import { timerFrames } from '../time/frame';
import { ManualTimers } from '../time/manual-timers';
import { FakeFetch } from './fake-fetch';
import { ScriptedHubServer } from './scripted-hub';

// One engine on manual time with a scripted hub, a routed fetch and a recording host: the
// fixture of the Node tests and of the in-worker browser harness.

export const TEST_API = 'https://exchange.test';
export const TEST_HUB = 'https://exchange.test/hubs/exchange';
export const TEST_USER: EngineUser = { id: 'u1', accountType: 'individual' };

export const TEST_PAIRS = [
  { symbol: 'btcusd', base: 'BTC', quote: 'USD', formatted_symbol: 'BTC/USD', fee: '0.002' },
  { symbol: 'ethusd', base: 'ETH', quote: 'USD', formatted_symbol: 'ETH/USD', fee: '0.002' },
  { symbol: 'ethbtc', base: 'ETH', quote: 'BTC', formatted_symbol: 'ETH/BTC', fee: '0.001' },
];

export interface RecordingHost extends EngineHost {
  readonly leftFeedsSaved: (readonly string[])[];
  readonly pairsSaved: [string, string][];
  logouts: number;
  refreshes: number;
  /** The `sentAt` of each refreshSession() call. */
  readonly refreshSentAt: (number | undefined)[];
  /** What the next refreshSession() answers. */
  refreshAnswer: boolean;
}

export function recordingHost(): RecordingHost {
  const host: RecordingHost = {
    leftFeedsSaved: [],
    pairsSaved: [],
    logouts: 0,
    refreshes: 0,
    refreshSentAt: [],
    refreshAnswer: true,
    refreshSession: async (sentAt) => {
      host.refreshes++;
      host.refreshSentAt.push(sentAt);
      return host.refreshAnswer;
    },
    logout: () => {
      host.logouts++;
    },
    persistLeftFeeds: (feeds) => {
      host.leftFeedsSaved.push([...feeds]);
    },
    persistPair: (base, quote) => {
      host.pairsSaved.push([base, quote]);
    },
  };
  return host;
}

export interface TestEngine {
  readonly engine: Engine;
  readonly timers: ManualTimers;
  readonly hub: ScriptedHubServer;
  readonly http: FakeFetch;
  readonly host: RecordingHost;
  /** start() with the test config (merged with `config`). */
  start(config?: Partial<EngineConfig>): void;
  /** setAuth(TEST_USER) and let the 0.5 s connect delay and the joins run. */
  login(user?: EngineUser): Promise<void>;
  advance(ms: number): Promise<void>;
}

export function defaultRoutes(http: FakeFetch): FakeFetch {
  return http
    .route(`GET ${paths.account.currencyPairs}`, { body: TEST_PAIRS })
    .route(`GET ${paths.orders.open}`, { body: [] })
    .route(`GET ${paths.orders.done}`, { body: [] })
    .route(`GET ${paths.account.trades}`, { body: [] })
    .route(`GET ${paths.account.balances}`, { body: [{ currency: 'USD', available: '1000' }] });
}

export function createTestEngine(options: { settle?: () => Promise<void>; marketPacingMs?: number } = {}): TestEngine {
  const timers = new ManualTimers(1_700_000_000_000, options.settle);
  const hub = new ScriptedHubServer(timers);
  const http = defaultRoutes(new FakeFetch());
  const host = recordingHost();
  const engine = createEngine({
    timers,
    hubFactory: hub.factory,
    fetch: http.fetch,
    frames: timerFrames(timers),
    healthIntervalMs: 0,
    ...(options.marketPacingMs !== undefined ? { marketPacingMs: options.marketPacingMs } : {}),
  });
  return {
    engine,
    timers,
    hub,
    http,
    host,
    start(config = {}) {
      engine.start({ apiBase: TEST_API, hubUrl: TEST_HUB, ...config }, host);
    },
    async login(user = TEST_USER) {
      engine.setAuth(user);
      await timers.advance(500);
      await timers.advance(400);
    },
    advance: (ms) => timers.advance(ms),
  };
}

import { feedTiming } from '../../shared/constants';
import { feedId, highPriorityFeeds } from '../../shared/hub/feeds';
import { hubMethods } from '../../shared/hub/names';
import { joinResultSchema } from '../../shared/hub/messages';
import { connectionMessages } from '../../shared/messages';
import type { ConnectionManager, ConnectKind } from '../connection/connection-manager';
import type { ErrorStream } from '../errors/error-stream';
import { fail, ok, type Result } from '../result';
import { sleep, type TimerHandle, type Timers } from '../time/timers';
import type { FeedRegistry } from './feed-registry';

// Which feeds are joined when (spec B §4, §9): the two-phase join on connect, the restore on
// reconnect, retried joins, the debounced pair switch and the order book resync.

export interface FeedControllerDeps {
  readonly conn: ConnectionManager;
  readonly registry: FeedRegistry;
  readonly timers: Timers;
  readonly errors: ErrorStream;
  readonly userId: () => string | null;
  /** The selected pair's symbol, e.g. "btcusd". */
  readonly symbol: () => string | null;
  /** Symbols of every listed pair (their tickers feed the pair selector). */
  readonly pairSymbols: () => readonly string[];
  /** The server accepted these feeds. */
  readonly onJoined?: (feeds: readonly string[]) => void;
}

/** The public feeds of one pair. */
export function pairFeeds(symbol: string | null): string[] {
  return symbol ? [feedId.trades(symbol), feedId.orderbook(symbol), feedId.ticker(symbol)] : [];
}

type JoinContext = 'join' | 'restore';

export class FeedController {
  /** The pair whose feeds are in the active set. */
  private joinedSymbol: string | null = null;
  private pairTimer: TimerHandle | null = null;
  private joinTimer: TimerHandle | null = null;
  private phaseTimer: TimerHandle | null = null;
  /** Epoch whose connect phases are still running; until they end, they own the ticker joins. */
  private phasingEpoch: number | null = null;

  constructor(private readonly deps: FeedControllerDeps) {}

  /**
   * Spec B §4: high-priority feeds first, 300 ms later the tickers of all pairs (and the rest).
   * Resolves once the high-priority join was answered: true when it still belongs to the current
   * connection, false when a later connect (or a disconnect) superseded it.
   */
  async onConnected(kind: ConnectKind): Promise<boolean> {
    const { conn, registry, timers } = this.deps;
    const epoch = conn.currentEpoch;
    this.phasingEpoch = epoch;
    const context: JoinContext = kind === 'reconnect' ? 'restore' : 'join';
    const symbol = this.deps.symbol();
    // Pair changes made while offline are folded into the connect: the selected pair wins.
    if (this.joinedSymbol !== symbol) {
      const stale = pairFeeds(this.joinedSymbol).filter((f) => !pairFeeds(symbol).includes(f) && !this.tickerFeeds().includes(f));
      registry.markLeft(stale);
      this.joinedSymbol = symbol;
    }
    const left = registry.left;
    const first = highPriorityFeeds(symbol).filter((f) => !left.has(f));
    const firstResult = await this.join(first, context, epoch);
    if (this.phasingEpoch !== epoch) return false; // superseded or cancelled meanwhile
    if (firstResult.ok && firstResult.value.joinedPrivate) conn.markAuthenticated();

    timers.clearTimeout(this.phaseTimer);
    this.phaseTimer = timers.setTimeout(() => {
      this.phaseTimer = null;
      this.phasingEpoch = null;
      if (conn.currentEpoch !== epoch || !conn.isOpen) return;
      const now = registry.left;
      const firstSet = new Set(first);
      const rest = unique([...this.tickerFeeds(), ...registry.restoreTargets()]).filter((f) => !firstSet.has(f) && !now.has(f));
      void this.join(rest, context, epoch);
    }, feedTiming.regularJoinDelayMs);
    return true;
  }

  /** Pairs arrived (or changed) while connected: join tickers nobody joined yet. */
  async ensureTickers(): Promise<void> {
    const { conn, registry } = this.deps;
    // Pairs landing during the connect phases (even before the first join is answered) are
    // picked up by the second phase, after its pause.
    if (!conn.isOpen || this.phasingEpoch === conn.currentEpoch) return;
    const missing = this.tickerFeeds().filter((f) => !registry.active.has(f) && !registry.left.has(f));
    await this.join(missing, 'join', conn.currentEpoch);
  }

  /** Spec B §4/§9: debounced 300 ms; old pair's feeds left, new ones joined 200 ms later. */
  pairChanged(): void {
    const { timers } = this.deps;
    timers.clearTimeout(this.pairTimer);
    this.pairTimer = timers.setTimeout(() => {
      this.pairTimer = null;
      void this.switchPair();
    }, feedTiming.pairChangeDebounceMs);
  }

  /** Explicit join (API): joined now when connected, otherwise recorded for the next connect. */
  async joinFeeds(feeds: readonly string[]): Promise<Result<void>> {
    const { conn, registry, errors } = this.deps;
    if (!conn.isOpen && !conn.isPending) {
      registry.markJoined(feeds);
      errors.push('CONNECTION_NOT_AVAILABLE', connectionMessages.connectionNotAvailable);
      return fail('CONNECTION_NOT_AVAILABLE', connectionMessages.connectionNotAvailable);
    }
    const r = await this.join(feeds, 'join', conn.currentEpoch);
    return r.ok ? ok(undefined) : r;
  }

  /** Leaves feeds; by default they are recorded as deliberately left. */
  async leaveFeeds(feeds: readonly string[], remember = true): Promise<Result<void>> {
    const { conn, registry, errors } = this.deps;
    registry.markLeft(feeds, remember);
    if (feeds.length === 0 || !conn.isOpen) return ok(undefined);
    const r = await conn.invoke<unknown>(hubMethods.leaveFeedGroups, [feeds]);
    if (r.ok) return ok(undefined);
    const message = connectionMessages.feedsFailed('leave', feeds, stripDot(r.error.message));
    errors.push('FEEDS_LEAVE_FAILED', message, feeds);
    return fail('FEEDS_LEAVE_FAILED', message);
  }

  /** Fresh book after a sequence gap: leave and rejoin the order book feed. */
  async resyncBook(symbol: string): Promise<boolean> {
    const { conn } = this.deps;
    if (!conn.isOpen) return false;
    const feed = feedId.orderbook(symbol);
    await this.leaveFeeds([feed], false);
    const r = await this.join([feed], 'join', conn.currentEpoch);
    return r.ok;
  }

  /** Full disconnect: forget everything, including the saved left set. */
  reset(): void {
    this.cancelTimers();
    this.joinedSymbol = null;
    this.deps.registry.clearAll();
  }

  cancelTimers(): void {
    const { timers } = this.deps;
    timers.clearTimeout(this.pairTimer);
    timers.clearTimeout(this.joinTimer);
    timers.clearTimeout(this.phaseTimer);
    this.pairTimer = this.joinTimer = this.phaseTimer = null;
    this.phasingEpoch = null;
  }

  /* ------------------------------------------------------------------ internals */

  private tickerFeeds(): string[] {
    return this.deps.pairSymbols().map((s) => feedId.ticker(s));
  }

  private async switchPair(): Promise<void> {
    const { timers, registry, conn } = this.deps;
    const next = this.deps.symbol();
    const prev = this.joinedSymbol;
    if (prev === next) return;
    timers.clearTimeout(this.joinTimer);
    this.joinedSymbol = next;
    const keep = new Set([...pairFeeds(next), ...this.tickerFeeds()]);
    const leaving = pairFeeds(prev).filter((f) => !keep.has(f));
    void this.leaveFeeds(leaving);
    this.joinTimer = timers.setTimeout(() => {
      this.joinTimer = null;
      const feeds = pairFeeds(next);
      if (conn.isOpen) void this.join(feeds, 'join', conn.currentEpoch);
      else registry.markJoined(feeds);
    }, feedTiming.joinAfterSwitchMs);
  }

  /**
   * JoinFeedGroups with spec B §9 retries (1, 2, 4 s; 15 s timeout each). Feeds count as
   * active from the request on, so a reconnect restores them even if this join never landed.
   */
  private async join(feeds: readonly string[], context: JoinContext, epoch: number): Promise<Result<{ joinedPrivate: boolean }>> {
    const { conn, registry, timers, errors } = this.deps;
    if (feeds.length === 0) return ok({ joinedPrivate: false });
    registry.markJoined(feeds);
    const delays = feedTiming.joinRetryDelaysMs;
    let lastMessage = '';
    for (let attempt = 0; attempt <= delays.length; attempt++) {
      if (conn.currentEpoch !== epoch) return fail('SUPERSEDED', 'connection changed');
      const r = await conn.invoke<unknown>(hubMethods.joinFeedGroups, [feeds, this.deps.userId()], feedTiming.joinTimeoutMs);
      if (r.ok) {
        const accepted = this.acceptJoin(feeds, r.value);
        this.deps.onJoined?.(accepted);
        return ok({ joinedPrivate: accepted.some((f) => f.startsWith('private.')) });
      }
      lastMessage = r.error.message;
      // Without a connection the retries are moot: the next connect restores these feeds.
      if (isConnectionCode(r.error.code)) {
        errors.push(r.error.code, r.error.message, feeds);
        return fail(r.error.code, r.error.message);
      }
      if (conn.currentEpoch !== epoch) return fail('SUPERSEDED', 'connection changed');
      const delay = delays[attempt];
      if (delay === undefined) break;
      await sleep(timers, delay);
    }
    const message =
      context === 'restore' ? connectionMessages.restoreFailed : connectionMessages.feedsFailed('join', feeds, stripDot(lastMessage));
    errors.push(context === 'restore' ? 'RESTORE_FAILED' : 'FEEDS_JOIN_FAILED', message, feeds);
    return fail(context === 'restore' ? 'RESTORE_FAILED' : 'FEEDS_JOIN_FAILED', message);
  }

  /** Applies the server's answer; refused feeds are reported and forgotten. Returns the accepted ones. */
  private acceptJoin(feeds: readonly string[], answer: unknown): string[] {
    const { registry, errors } = this.deps;
    const parsed = joinResultSchema.safeParse(answer);
    // A hub that answers nothing (void) joined everything it was asked for.
    const rejected = parsed.success ? parsed.data.rejected : [];
    if (rejected.length > 0) {
      const ids = rejected.map((r) => r.feedId);
      const reasons = unique(rejected.map((r) => stripDot(r.reason))).join('; ');
      errors.push('FEEDS_JOIN_FAILED', connectionMessages.feedsFailed('join', ids, reasons), ids);
      registry.forget(ids);
    }
    const refused = new Set(rejected.map((r) => r.feedId));
    return feeds.filter((f) => !refused.has(f));
  }
}

const CONNECTION_CODES = ['CONNECTION_NOT_AVAILABLE', 'READY_TIMEOUT', 'FAILED_TO_CONNECT'] as const;
function isConnectionCode(code: string): code is (typeof CONNECTION_CODES)[number] {
  return (CONNECTION_CODES as readonly string[]).includes(code);
}

function unique(list: readonly string[]): string[] {
  return [...new Set(list)];
}

function stripDot(message: string): string {
  return message.replace(/\.+$/, '');
}

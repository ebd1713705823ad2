import { hubMethods } from '../../shared/hub/names';
import { connectionTiming } from '../../shared/constants';
import { connectionMessages } from '../../shared/messages';
import type { ConnectionMetrics, ConnectionState } from '../api';
import type { ErrorStream } from '../errors/error-stream';
import { fail, messageOf, ok, type Result } from '../result';
import { INITIAL_CONNECTION } from '../snapshot/initial-snapshot';
import { TimeoutError, withTimeout } from '../time/timeout';
import type { TimerHandle, Timers } from '../time/timers';
import { isAuthError } from './auth-error';
import { reconnectDelay } from './backoff';
import type { HubConnectionLike, HubFactory } from './hub-connection';

const CONNECTION_FAILURE_CODES = [
  'CONNECTION_FAILED',
  'CONNECTION_TIMEOUT',
  'FAILED_TO_CONNECT',
  'READY_TIMEOUT',
  'CONNECTION_NOT_AVAILABLE',
] as const;

// Spec B §4 connection state machine with our own reconnect loop (spec B §9 backoff), the one
// token refresh on authentication errors, the start/call/ready timeouts and a periodic health
// check. Each start builds a fresh hub; callbacks of an older hub are ignored by comparing an
// epoch, so a late close or start result can never disturb the current connection.

export type ConnectKind = 'initial' | 'reconnect';

export interface ConnectionManagerDeps {
  readonly timers: Timers;
  readonly hubFactory: HubFactory;
  readonly hubUrl: string;
  readonly errors: ErrorStream;
  /** The shared session refresh (host). Never rejects in practice; a rejection counts as false. */
  readonly refreshSession: () => Promise<boolean>;
  readonly logout: () => void;
  /** Registers the hub event handlers on a new connection. */
  readonly attachHandlers: (hub: HubConnectionLike) => void;
  readonly onConnected: (kind: ConnectKind) => void;
  /** The live data may be out of date from now on (closed or transport reconnecting). */
  readonly onLost: () => void;
  readonly onChange: () => void;
  /** Interval of the IsConnectionHealthy probe while connected; 0 disables it. */
  readonly healthIntervalMs?: number;
}

/** How often we probe IsConnectionHealthy (our choice; spec B §9 gives only its 5 s timeout). */
export const HEALTH_INTERVAL_MS = 30_000;

interface Waiter {
  resolve: (r: Result<void>) => void;
  timer: TimerHandle;
}

export class ConnectionManager {
  state: ConnectionState = 'NotConnected';
  reconnecting = false;
  /** Failed attempts since the last success; drives the backoff. */
  attempts = 0;
  nextRetryAt: number | null = null;
  // Replaced, never mutated, so it may start as the frozen initial value.
  metrics: ConnectionMetrics = INITIAL_CONNECTION.metrics;
  /** Bumped on every visible change (for the snapshot builder). */
  revision = 0;

  private authorized = false;
  private hub: HubConnectionLike | null = null;
  private epoch = 0;
  private everConnected = false;
  private refreshUsed = false;
  private retryTimer: TimerHandle | null = null;
  private healthTimer: TimerHandle | null = null;
  private waiters = new Set<Waiter>();

  constructor(private readonly deps: ConnectionManagerDeps) {}

  get isOpen(): boolean {
    return (this.state === 'Connected' || this.state === 'Authenticated') && this.hub !== null;
  }

  /** A start attempt is running or scheduled: calls may wait for it. */
  get isPending(): boolean {
    return this.state === 'Connecting' || (this.reconnecting && this.retryTimer !== null);
  }

  get currentEpoch(): number {
    return this.epoch;
  }

  setAuthorized(authorized: boolean): void {
    this.authorized = authorized;
  }

  /** Spec B §4: refused with AuthenticationFailed and 'User not authenticated' without a user. */
  connect(): Result<void> {
    if (!this.authorized) {
      this.set('AuthenticationFailed');
      this.deps.errors.push('USER_NOT_AUTHENTICATED', connectionMessages.userNotAuthenticated);
      this.settleWaiters(fail('FAILED_TO_CONNECT', connectionMessages.failedToConnect));
      return fail('USER_NOT_AUTHENTICATED', connectionMessages.userNotAuthenticated);
    }
    if (this.isOpen || this.state === 'Connecting') return ok(undefined);
    this.clearRetry();
    void this.attempt();
    return ok(undefined);
  }

  /** Manual retry: probe an open connection quickly, else start now instead of waiting. */
  retry(): void {
    if (this.isOpen) {
      void this.checkHealth(connectionTiming.quickHealthCheckTimeoutMs);
      return;
    }
    if (this.state === 'Connecting') return;
    this.connect();
  }

  /** Full disconnect: no reconnect, hub stopped (bounded by the 5 s cleanup timeout). */
  async disconnect(): Promise<void> {
    this.epoch++;
    this.clearRetry();
    this.clearHealth();
    const hub = this.hub;
    this.hub = null;
    this.reconnecting = false;
    this.attempts = 0;
    this.refreshUsed = false;
    this.endMetrics();
    this.set('Disconnected');
    this.settleWaiters(fail('FAILED_TO_CONNECT', connectionMessages.failedToConnect));
    if (hub) await this.stopQuietly(hub);
  }

  /** Spec B §4 "Authenticated": the server accepted our user-bound (private) feeds. */
  markAuthenticated(): void {
    if (this.state === 'Connected') this.set('Authenticated');
  }

  setActiveFeedsCount(count: number): void {
    if (this.metrics.activeFeedsCount === count) return;
    this.metrics = { ...this.metrics, activeFeedsCount: count };
    this.touch();
  }

  /**
   * Invokes a hub method with a timeout. While a start is pending it first waits (15 s) for the
   * connection; otherwise a closed connection answers 'Connection not available'.
   */
  async invoke<T>(method: string, args: readonly unknown[], timeoutMs: number = connectionTiming.hubCallTimeoutMs): Promise<Result<T>> {
    if (!this.isOpen) {
      if (!this.isPending) return fail('CONNECTION_NOT_AVAILABLE', connectionMessages.connectionNotAvailable);
      const ready = await this.waitReady();
      if (!ready.ok) return ready as Result<never>;
    }
    const hub = this.hub;
    if (!hub) return fail('CONNECTION_NOT_AVAILABLE', connectionMessages.connectionNotAvailable);
    try {
      const value = await withTimeout(
        hub.invoke<T>(method, ...args),
        timeoutMs,
        this.deps.timers,
        `${method} timed out after ${timeoutMs} ms`,
      );
      return ok(value);
    } catch (e) {
      return fail(e instanceof TimeoutError ? 'HUB_CALL_TIMEOUT' : 'HUB_CALL_FAILED', messageOf(e));
    }
  }

  /** Resolves when the connection is open; 'Connection ready timeout' after 15 s. */
  waitReady(timeoutMs: number = connectionTiming.readyWaitMs): Promise<Result<void>> {
    if (this.isOpen) return Promise.resolve(ok(undefined));
    return new Promise((resolve) => {
      const waiter: Waiter = {
        resolve,
        timer: this.deps.timers.setTimeout(() => {
          this.waiters.delete(waiter);
          resolve(fail('READY_TIMEOUT', connectionMessages.readyTimeout));
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  /* ------------------------------------------------------------------ internals */

  private async attempt(): Promise<void> {
    const epoch = ++this.epoch;
    this.retryTimer = null;
    this.nextRetryAt = null;
    if (this.everConnected || this.attempts > 0)
      this.metrics = { ...this.metrics, totalReconnectAttempts: this.metrics.totalReconnectAttempts + 1 };
    this.set('Connecting');

    let hub: HubConnectionLike;
    try {
      hub = this.deps.hubFactory(this.deps.hubUrl);
      this.deps.attachHandlers(hub);
      hub.onclose((error) => this.onClose(epoch, error));
      hub.onreconnecting(() => this.onTransportReconnecting(epoch));
      hub.onreconnected(() => this.onTransportReconnected(epoch));
    } catch (e) {
      this.onStartFailed(epoch, null, e);
      return;
    }
    this.hub = hub;
    try {
      await withTimeout(hub.start(), connectionTiming.startTimeoutMs, this.deps.timers, connectionMessages.connectionTimeout);
    } catch (e) {
      this.onStartFailed(epoch, hub, e);
      return;
    }
    if (epoch !== this.epoch) {
      // A disconnect (or newer attempt) overtook this start: drop the late connection.
      void this.stopQuietly(hub);
      return;
    }
    const kind: ConnectKind = this.everConnected ? 'reconnect' : 'initial';
    const now = this.deps.timers.now();
    this.everConnected = true;
    this.attempts = 0;
    this.refreshUsed = false;
    this.reconnecting = false;
    this.metrics = {
      ...this.metrics,
      connectedAt: now,
      lastReconnectAt: kind === 'reconnect' ? now : this.metrics.lastReconnectAt,
      connectionDuration: 0,
    };
    this.set('Connected');
    // Failures of earlier attempts are history now; leaving them up reads as a live problem.
    this.deps.errors.resolve(CONNECTION_FAILURE_CODES);
    this.settleWaiters(ok(undefined));
    this.scheduleHealth();
    this.deps.onConnected(kind);
  }

  private onStartFailed(epoch: number, hub: HubConnectionLike | null, error: unknown): void {
    if (epoch !== this.epoch) return;
    // A failed hub may still report a close later; it must not count as a second failure.
    this.epoch++;
    if (hub) {
      this.hub = null;
      void this.stopQuietly(hub);
    }
    this.handleFailure(error, 'start');
  }

  private onClose(epoch: number, error?: Error): void {
    if (epoch !== this.epoch) return;
    this.hub = null;
    this.clearHealth();
    this.endMetrics();
    this.deps.onLost();
    this.settleWaiters(null);
    this.handleFailure(error ?? new Error('Connection closed'), 'close');
  }

  private handleFailure(error: unknown, phase: 'start' | 'close'): void {
    if (!this.authorized) {
      this.set('Disconnected');
      return;
    }
    if (isAuthError(error)) {
      void this.refreshThenReconnect(error);
      return;
    }
    if (phase === 'start') {
      if (error instanceof TimeoutError) this.deps.errors.push('CONNECTION_TIMEOUT', connectionMessages.connectionTimeout);
      else this.deps.errors.push('CONNECTION_FAILED', connectionMessages.connectionFailed(stripDot(messageOf(error))));
      this.state = 'Failed';
    } else {
      // Spec B §4: during a reconnect the state is Connecting.
      this.state = 'Connecting';
    }
    this.scheduleRetry(reconnectDelay(this.attempts));
  }

  /** Spec B §4/§8: one refresh per episode; success → reconnect after 1 s; failure → logout. */
  private async refreshThenReconnect(error: unknown): Promise<void> {
    const reason = stripDot(messageOf(error));
    if (this.refreshUsed) {
      this.authenticationFailed(reason);
      return;
    }
    this.refreshUsed = true;
    const epoch = ++this.epoch;
    this.reconnecting = true;
    this.set('Connecting');
    let refreshed: boolean;
    try {
      refreshed = await withTimeout(
        this.deps.refreshSession(),
        connectionTiming.tokenRefreshTimeoutMs,
        this.deps.timers,
        'Token refresh timed out',
      );
    } catch {
      refreshed = false;
    }
    if (epoch !== this.epoch) return;
    if (!refreshed) {
      this.authenticationFailed(reason);
      return;
    }
    this.scheduleRetry(connectionTiming.authErrorReconnectMs);
  }

  private authenticationFailed(reason: string): void {
    this.clearRetry();
    this.reconnecting = false;
    this.set('AuthenticationFailed');
    this.deps.errors.push('AUTHENTICATION_FAILED', connectionMessages.authenticationFailed(reason));
    this.settleWaiters(fail('FAILED_TO_CONNECT', connectionMessages.failedToConnect));
    this.deps.logout();
  }

  private scheduleRetry(delay: number): void {
    this.clearRetry();
    this.attempts++;
    this.reconnecting = true;
    this.nextRetryAt = this.deps.timers.now() + delay;
    this.retryTimer = this.deps.timers.setTimeout(() => void this.attempt(), delay);
    this.touch();
  }

  private onTransportReconnecting(epoch: number): void {
    if (epoch !== this.epoch) return;
    this.clearHealth();
    this.reconnecting = true;
    this.deps.onLost();
    this.set('Connecting');
  }

  private onTransportReconnected(epoch: number): void {
    if (epoch !== this.epoch) return;
    const now = this.deps.timers.now();
    this.reconnecting = false;
    this.metrics = { ...this.metrics, lastReconnectAt: now };
    this.set('Connected');
    // Failures of earlier attempts are history now; leaving them up reads as a live problem.
    this.deps.errors.resolve(CONNECTION_FAILURE_CODES);
    this.settleWaiters(ok(undefined));
    this.scheduleHealth();
    this.deps.onConnected('reconnect');
  }

  private async checkHealth(timeoutMs: number): Promise<void> {
    const hub = this.hub;
    const epoch = this.epoch;
    if (!hub || !this.isOpen) return;
    let healthy: boolean;
    try {
      healthy =
        (await withTimeout(hub.invoke<unknown>(hubMethods.isConnectionHealthy), timeoutMs, this.deps.timers, 'Health check timed out')) !==
        false;
    } catch {
      healthy = false;
    }
    if (epoch !== this.epoch) return;
    if (healthy) {
      this.scheduleHealth();
      return;
    }
    // Treat an unhealthy connection as closed: our loop replaces it.
    this.epoch++;
    this.hub = null;
    this.clearHealth();
    this.endMetrics();
    this.deps.onLost();
    void this.stopQuietly(hub);
    this.state = 'Connecting';
    this.scheduleRetry(reconnectDelay(this.attempts));
  }

  private scheduleHealth(): void {
    this.clearHealth();
    const every = this.deps.healthIntervalMs ?? HEALTH_INTERVAL_MS;
    if (every <= 0) return;
    this.healthTimer = this.deps.timers.setTimeout(() => {
      this.healthTimer = null;
      void this.checkHealth(connectionTiming.healthCheckTimeoutMs);
    }, every);
  }

  private async stopQuietly(hub: HubConnectionLike): Promise<void> {
    try {
      await withTimeout(hub.stop(), connectionTiming.cleanupTimeoutMs, this.deps.timers, 'Cleanup timed out');
    } catch {
      // Nothing more to do: the connection is abandoned either way.
    }
  }

  private endMetrics(): void {
    const at = this.metrics.connectedAt;
    if (at === null) return;
    this.metrics = { ...this.metrics, connectedAt: null, connectionDuration: this.deps.timers.now() - at };
  }

  private settleWaiters(result: Result<void> | null): void {
    if (result === null) return; // still pending: a reconnect is on its way
    for (const w of this.waiters) {
      this.deps.timers.clearTimeout(w.timer);
      w.resolve(result);
    }
    this.waiters.clear();
  }

  private clearRetry(): void {
    this.deps.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.nextRetryAt = null;
  }

  private clearHealth(): void {
    this.deps.timers.clearTimeout(this.healthTimer);
    this.healthTimer = null;
  }

  private set(state: ConnectionState): void {
    this.state = state;
    this.touch();
  }

  private touch(): void {
    this.revision++;
    this.deps.onChange();
  }
}

function stripDot(message: string): string {
  return message.replace(/\.+$/, '');
}

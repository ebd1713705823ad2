import type { HubLogger, HubServerOptions, HubUser, ResolvedHubOptions, TransportKind } from './hub-types';
import { systemTimers } from '../time/timers';

export const ALL_TRANSPORTS: readonly TransportKind[] = ['WebSockets', 'ServerSentEvents', 'LongPolling'];

export const silentLogger: HubLogger = { debug() {}, info() {}, warn() {}, error() {} };

export function resolveOptions<U extends HubUser>(options: HubServerOptions<U>): ResolvedHubOptions<U> {
  const positive = (name: string, value: number | undefined, fallback: number): number => {
    const v = value ?? fallback;
    if (!Number.isFinite(v) || v <= 0) throw new RangeError(`Hub option ${name} must be a positive number, got ${v}.`);
    return v;
  };
  // Per-user caps may be unlimited; a cap of 0 would lock every user out, which is a mistake.
  const cap = (name: string, value: number | undefined): number => {
    const v = value ?? Number.POSITIVE_INFINITY;
    if (Number.isNaN(v) || v < 1) throw new RangeError(`Hub option ${name} must be at least 1, got ${v}.`);
    return v;
  };
  const rate = options.negotiationsPerUser;
  if (rate) {
    positive('negotiationsPerUser.max', rate.max, 1);
    positive('negotiationsPerUser.windowMs', rate.windowMs, 1);
  }
  const transports = options.transports ?? ALL_TRANSPORTS;
  if (transports.length === 0) throw new RangeError('Hub option transports must name at least one transport.');
  return {
    ...options,
    methods: options.methods ?? {},
    streams: options.streams ?? {},
    transports,
    maxMessageSize: positive('maxMessageSize', options.maxMessageSize, 32 * 1024),
    maxBufferedBytes: positive('maxBufferedBytes', options.maxBufferedBytes, 1024 * 1024),
    keepAliveIntervalMs: positive('keepAliveIntervalMs', options.keepAliveIntervalMs, 15_000),
    clientTimeoutMs: positive('clientTimeoutMs', options.clientTimeoutMs, 30_000),
    handshakeTimeoutMs: positive('handshakeTimeoutMs', options.handshakeTimeoutMs, 15_000),
    negotiateTimeoutMs: positive('negotiateTimeoutMs', options.negotiateTimeoutMs, 30_000),
    longPollTimeoutMs: positive('longPollTimeoutMs', options.longPollTimeoutMs, 90_000),
    statefulReconnect: options.statefulReconnect ?? true,
    statefulReconnectBufferSize: positive('statefulReconnectBufferSize', options.statefulReconnectBufferSize, 1024 * 1024),
    statefulReconnectWindowMs: positive('statefulReconnectWindowMs', options.statefulReconnectWindowMs, 15_000),
    maxPendingNegotiations: positive('maxPendingNegotiations', options.maxPendingNegotiations, 10_000),
    maxPendingNegotiationsPerUser: cap('maxPendingNegotiationsPerUser', options.maxPendingNegotiationsPerUser),
    maxConnectionsPerUser: cap('maxConnectionsPerUser', options.maxConnectionsPerUser),
    maxQueuedInvocations: positive('maxQueuedInvocations', options.maxQueuedInvocations, 128),
    heartbeatIntervalMs: positive('heartbeatIntervalMs', options.heartbeatIntervalMs, 1_000),
    ackIntervalMs: positive('ackIntervalMs', options.ackIntervalMs, 1_000),
    clock: options.clock ?? systemTimers,
    logger: options.logger ?? silentLogger,
  };
}

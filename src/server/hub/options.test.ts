import { describe, expect, it } from 'vitest';
import { ALL_TRANSPORTS, resolveOptions } from './options';

// The hub's defaults are what the realtime extension runs with: it sets none of these.
const defaults = resolveOptions({ authenticate: async () => null });

describe('hub defaults', () => {
  it('API.hub.max-message-32kib: inbound messages are limited to 32 KiB', () => {
    expect(defaults.maxMessageSize).toBe(32 * 1024);
  });

  it('API.hub.ping-15s: an idle connection is pinged every 15 s', () => {
    expect(defaults.keepAliveIntervalMs).toBe(15_000);
  });

  it('API.hub.client-timeout-30s: a client silent for 30 s is dropped', () => {
    expect(defaults.clientTimeoutMs).toBe(30_000);
  });

  it('API.hub.transports: WebSockets, Server-Sent Events and Long Polling are offered', () => {
    expect(defaults.transports).toEqual(['WebSockets', 'ServerSentEvents', 'LongPolling']);
    expect(ALL_TRANSPORTS).toEqual(defaults.transports);
  });
});

import type { CDPSession, Page } from 'playwright';

// Who opens which connection: the page's own thread or one of its workers. Playwright's
// page.on('websocket') / page.on('request') merge the page's and its workers' traffic, so this
// listens to the Chrome DevTools Protocol per target instead: the page target's Network domain
// reports only what the page thread (and its frames) did, and every dedicated worker is
// auto-attached as a target of its own with its own Network domain.
//
// Workers are attached paused (waitForDebuggerOnStart) and resumed only after their Network
// domain is on, so not even a connection opened by a worker's first line can be missed. The
// non-flattened protocol (Target.sendMessageToTarget) is used because Playwright's CDPSession
// cannot address flattened child sessions.

/** One SignalR invocation received over a WebSocket (JSON hub protocol, type 1). */
export interface HubMessage {
  readonly target: string;
  readonly args: readonly unknown[];
  /** When the frame reached the browser's network stack, epoch ms (same clock as Date.now()). */
  readonly receivedAt: number;
}

export interface TargetTraffic {
  readonly kind: 'page' | 'worker' | string;
  readonly url: string;
  readonly webSockets: { readonly url: string; readonly requestId: string }[];
  readonly requests: { readonly url: string; readonly method: string; readonly type: string; readonly requestId: string; done: boolean }[];
  /**
   * Feeds the server answered as joined to this target's JoinFeedGroups calls, each with the
   * number of requests the target had sent by then (its later requests are `requests.slice(n)`).
   */
  readonly joinedFeeds: Map<string, number>;
  /** Hub invocations received on this target's WebSockets (only kept when `keepHubMessages`). */
  readonly hubMessages: HubMessage[];
  /** Count of hub invocations received per target name, whether kept or not. */
  readonly hubCounts: Map<string, number>;
  framesReceived: number;
  detached: boolean;
}

export interface TrafficRecorder {
  readonly page: TargetTraffic;
  readonly workers: TargetTraffic[];
  /** Called for every hub invocation any target receives. */
  onHubMessage(listener: (message: HubMessage, target: TargetTraffic) => void): () => void;
  dispose(): Promise<void>;
}

interface CdpRequestEvent {
  requestId: string;
  request: { url: string; method: string };
  type?: string;
  timestamp: number;
  wallTime: number;
}

const RECORD_SEPARATOR = '\u001e';

function newTarget(kind: string, url: string): TargetTraffic {
  return {
    kind,
    url,
    webSockets: [],
    requests: [],
    joinedFeeds: new Map(),
    hubMessages: [],
    hubCounts: new Map(),
    framesReceived: 0,
    detached: false,
  };
}

/**
 * Starts recording before the page navigates (call it right after creating the page).
 * `keepHubMessages` stores every received hub invocation (needed to read their contents later);
 * counts are always kept.
 */
export async function recordTraffic(page: Page, options: { keepHubMessages?: boolean } = {}): Promise<TrafficRecorder> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const pageTarget = newTarget('page', page.url());
  const workers: TargetTraffic[] = [];
  const listeners = new Set<(message: HubMessage, target: TargetTraffic) => void>();
  // Monotonic → wall clock offset (s) per target, learnt from events that carry both.
  const offsets = new Map<TargetTraffic, number>();

  const onNetworkEvent = (target: TargetTraffic, method: string, params: Record<string, unknown>) => {
    switch (method) {
      case 'Network.requestWillBeSent': {
        const e = params as unknown as CdpRequestEvent;
        offsets.set(target, e.wallTime - e.timestamp);
        target.requests.push({ url: e.request.url, method: e.request.method, type: e.type ?? '', requestId: e.requestId, done: false });
        break;
      }
      case 'Network.loadingFinished':
      case 'Network.loadingFailed': {
        const { requestId } = params as { requestId: string };
        for (const r of target.requests) if (r.requestId === requestId) r.done = true;
        break;
      }
      case 'Network.webSocketWillSendHandshakeRequest': {
        const e = params as unknown as { timestamp: number; wallTime: number };
        offsets.set(target, e.wallTime - e.timestamp);
        break;
      }
      case 'Network.webSocketCreated': {
        const e = params as unknown as { requestId: string; url: string };
        target.webSockets.push({ url: e.url, requestId: e.requestId });
        break;
      }
      case 'Network.webSocketFrameReceived': {
        const e = params as unknown as { timestamp: number; response: { opcode: number; payloadData: string } };
        target.framesReceived++;
        if (e.response.opcode !== 1) break; // binary frames: not the JSON hub protocol
        const offset = offsets.get(target);
        const receivedAt = offset === undefined ? Date.now() : (e.timestamp + offset) * 1000;
        for (const part of e.response.payloadData.split(RECORD_SEPARATOR)) {
          if (!part) continue;
          let parsed: { type?: number; target?: string; arguments?: unknown[]; result?: { joined?: unknown } };
          try {
            parsed = JSON.parse(part) as typeof parsed;
          } catch {
            continue;
          }
          // A completion (type 3) of JoinFeedGroups names the feeds the server joined.
          if (parsed.type === 3 && Array.isArray(parsed.result?.joined))
            for (const feed of parsed.result.joined)
              if (typeof feed === 'string' && !target.joinedFeeds.has(feed)) target.joinedFeeds.set(feed, target.requests.length);
          if (parsed.type !== 1 || typeof parsed.target !== 'string') continue;
          const message: HubMessage = { target: parsed.target, args: parsed.arguments ?? [], receivedAt };
          target.hubCounts.set(message.target, (target.hubCounts.get(message.target) ?? 0) + 1);
          if (options.keepHubMessages) target.hubMessages.push(message);
          for (const l of listeners) l(message, target);
        }
        break;
      }
      default:
        break;
    }
  };

  for (const method of [
    'Network.requestWillBeSent',
    'Network.webSocketWillSendHandshakeRequest',
    'Network.webSocketCreated',
    'Network.webSocketFrameReceived',
    'Network.loadingFinished',
    'Network.loadingFailed',
  ] as const) {
    cdp.on(method, (params: unknown) => onNetworkEvent(pageTarget, method, params as Record<string, unknown>));
  }

  // Child sessions (workers) over the non-flattened protocol.
  const children = new Map<string, TargetTraffic>();
  let nextId = 1;
  const sendToChild = (sessionId: string, method: string, params: object = {}) =>
    cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: nextId++, method, params }) }).catch(() => {});

  cdp.on('Target.attachedToTarget', (event) => {
    const { sessionId, targetInfo } = event as { sessionId: string; targetInfo: { type: string; url: string } };
    const target = newTarget(targetInfo.type, targetInfo.url);
    children.set(sessionId, target);
    if (targetInfo.type === 'worker') workers.push(target);
    // Network first, then let the target run.
    void sendToChild(sessionId, 'Network.enable').then(() => sendToChild(sessionId, 'Runtime.runIfWaitingForDebugger'));
  });
  cdp.on('Target.detachedFromTarget', (event) => {
    const target = children.get((event as { sessionId: string }).sessionId);
    if (target) target.detached = true;
  });
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const { sessionId, message } = event as { sessionId: string; message: string };
    const target = children.get(sessionId);
    if (!target) return;
    const parsed = JSON.parse(message) as { method?: string; params?: Record<string, unknown> };
    if (parsed.method?.startsWith('Network.')) onNetworkEvent(target, parsed.method, parsed.params ?? {});
  });

  await cdp.send('Network.enable');
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });

  return {
    page: pageTarget,
    workers,
    onHubMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      listeners.clear();
      await cdp.detach().catch(() => {});
    },
  };
}

/**
 * Counts, in the page's main world, every WebSocket and EventSource the page thread itself
 * constructs (add before navigating; workers have their own globals and are not counted).
 */
export async function countPageThreadSockets(page: Page): Promise<() => Promise<{ kind: string; url: string }[]>> {
  await page.addInitScript(() => {
    const made: { kind: string; url: string }[] = [];
    (window as unknown as { __pageThreadSockets: typeof made }).__pageThreadSockets = made;
    for (const kind of ['WebSocket', 'EventSource'] as const) {
      const original = window[kind] as unknown as new (...args: unknown[]) => object;
      if (typeof original !== 'function') continue;
      (window as unknown as Record<string, unknown>)[kind] = new Proxy(original, {
        construct(target, args: unknown[], newTarget) {
          made.push({ kind, url: String(args[0]) });
          return Reflect.construct(target, args, newTarget) as object;
        },
      });
    }
  });
  return () =>
    page.evaluate(() => [...((window as unknown as { __pageThreadSockets?: { kind: string; url: string }[] }).__pageThreadSockets ?? [])]);
}

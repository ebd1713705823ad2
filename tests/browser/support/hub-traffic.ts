// Types of what the Node-side browser commands (browser-project.mjs) answer to the tests,
// plus the typing of those commands for `commands` of 'vitest/browser'.

export interface HubFrame {
  /** Index of the hub WebSocket in the order the page (or its workers) opened them. */
  readonly socket: number;
  /** 'closed' marks the socket's end (no messages). */
  readonly direction: 'sent' | 'received' | 'closed';
  /** Epoch ms when Playwright saw it. */
  readonly at: number;
  /** The JSON hub protocol messages of the frame (handshake, invocations, completions…). */
  readonly messages: readonly unknown[];
}

export interface RecordedRequest {
  readonly url: string;
  readonly method: string;
  /** 0 when the request failed without a response. */
  readonly status: number;
  readonly at: number;
}

export interface HubTraffic {
  readonly frames: readonly HubFrame[];
  /** URLs of the hub WebSockets, in order. */
  readonly sockets: readonly string[];
  /** Hub negotiate requests and /v1 calls with their status. */
  readonly requests: readonly RecordedRequest[];
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** Starts recording this page's (and its workers') hub WebSocket frames and hub/API requests. */
    hubTrafficStart: () => Promise<void>;
    hubTrafficRead: () => Promise<HubTraffic>;
    hubTrafficStop: () => Promise<void>;
    /** SIGTERM the real server (its hub closes every connection) and wait for it to exit. */
    realServerDown: () => Promise<void>;
    /** Start the real server again on the same port and data folder. */
    realServerUp: () => Promise<void>;
  }
}

// A SignalR-compatible hub server (ASP.NET Core SignalR: TransportProtocols.md, HubProtocol.md)
// for Fastify: negotiate, WebSockets, Server-Sent Events and long polling, the JSON hub
// protocol versions 1 and 2, groups, users and stateful reconnect.

export { createHubServer, type HubConnectionInfo, type HubServer } from './hub-server';
export type {
  HubCallContext,
  HubConnectionContext,
  HubLogger,
  HubRejection,
  HubRequestKind,
  HubMethod,
  HubServerOptions,
  HubStreamMethod,
  HubUser,
  RenderedRejection,
  TransportKind,
} from './options';
export { HubException, type HubErrorCode, type HubFailure, type HubResult } from './errors';
export { systemHubClock, type HubClock, type TimerHandle } from './clock';
export { TOKEN_EXPIRED_ERROR, type ConnectionState } from './connection';
export { accessTokenOf } from './access-token';

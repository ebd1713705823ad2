// A SignalR-compatible hub server (ASP.NET Core SignalR: TransportProtocols.md, HubProtocol.md)
// for Fastify: negotiate, WebSockets, Server-Sent Events and long polling, the JSON hub
// protocol versions 1 and 2, groups, users and stateful reconnect.

export { createHubServer } from './hub-server';
export type {
  ConnectionState,
  HubConnectionInfo,
  HubServer,
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
} from './hub-types';
export { HubException, type HubErrorCode, type HubFailure, type HubResult } from './hub-errors';
export { TOKEN_EXPIRED_ERROR } from './connection';
export { accessTokenOf } from './bearer-token';

import { HubConnectionBuilder, HttpTransportType, LogLevel } from '@microsoft/signalr';
import { AUTH_METHOD_COOKIE, AUTH_METHOD_HEADER, connectionTiming } from '../../shared/constants';
import type { HubConnectionLike, HubFactory } from './hub-connection';

// The production hub: cookie auth (withCredentials + X-Auth-Method), our own reconnect loop
// instead of withAutomaticReconnect (spec B §9 backoff, auth refresh), and stateful reconnect,
// which the library negotiates and silently drops when the server does not offer it.

export function absoluteHubUrl(hubUrl: string, base: string): string {
  return new URL(hubUrl, base).toString();
}

export const signalrHubFactory: HubFactory = (hubUrl) => {
  const connection = new HubConnectionBuilder()
    .withUrl(hubUrl, {
      withCredentials: true,
      headers: { [AUTH_METHOD_HEADER]: AUTH_METHOD_COOKIE },
      transport: HttpTransportType.WebSockets | HttpTransportType.ServerSentEvents | HttpTransportType.LongPolling,
    })
    .withServerTimeout(connectionTiming.serverTimeoutMs)
    .withKeepAliveInterval(connectionTiming.keepAliveMs)
    .withStatefulReconnect()
    .configureLogging(LogLevel.Warning)
    .build();
  return connection as unknown as HubConnectionLike;
};

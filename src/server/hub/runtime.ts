import type { IncomingMessage } from 'node:http';
import type { Connection } from './connection';
import type { HubLogger, HubRejection, HubRequestKind, HubUser, ResolvedHubOptions } from './options';

/** What the HTTP and WebSocket front ends need from the hub; kept narrow so they stay swappable. */
export interface HubRuntime<U extends HubUser> {
  readonly options: ResolvedHubOptions<U>;
  readonly logger: HubLogger;
  /** Set once close() started: no new connections are accepted. */
  readonly closing: boolean;
  /**
   * Who makes this request of `kind`: the Origin check, `authenticate` and `authorize`, with
   * every refusal (untrusted origin, no user, an authorize rejection) as a rejection.
   */
  authenticate(req: IncomingMessage, kind: HubRequestKind): Promise<AuthOutcome<U>>;
  findByToken(token: string): Connection<U> | undefined;
  /** Registers a connection that has no transport yet, unless a limit refuses it. */
  createConnection(user: U, negotiateVersion: number, statefulNegotiated: boolean): Created<U>;
  /** Drops a closed connection whose last long poll has been answered. */
  forget(conn: Connection<U>): void;
}

export type AuthOutcome<U> = { ok: true; user: U } | { ok: false; rejection: HubRejection };

export type Created<U extends HubUser> = { ok: true; conn: Connection<U> } | { ok: false; rejection: HubRejection };

/** The path and query of a request; the host part is irrelevant and may be missing. */
export function requestUrl(req: IncomingMessage): URL | null {
  try {
    return new URL(req.url ?? '/', 'http://hub.invalid');
  } catch {
    return null;
  }
}

import type { IncomingMessage } from 'node:http';
import type { Connection } from './connection';
import type { HubResult } from './errors';
import type { HubLogger, HubUser, ResolvedHubOptions } from './options';

/** What the HTTP and WebSocket front ends need from the hub; kept narrow so they stay swappable. */
export interface HubRuntime<U extends HubUser> {
  readonly options: ResolvedHubOptions<U>;
  readonly logger: HubLogger;
  /** Set once close() started: no new connections are accepted. */
  readonly closing: boolean;
  /** `authenticate` with its failures turned into an outcome. */
  authenticate(req: IncomingMessage): Promise<AuthOutcome<U>>;
  findByToken(token: string): Connection<U> | undefined;
  /** Registers a connection that has no transport yet. */
  createConnection(user: U, negotiateVersion: number, statefulNegotiated: boolean): HubResult<Connection<U>>;
  /** Drops a closed connection whose last long poll has been answered. */
  forget(conn: Connection<U>): void;
}

export type AuthOutcome<U> = { kind: 'user'; user: U } | { kind: 'anonymous' } | { kind: 'error' };

/** The path and query of a request; the host part is irrelevant and may be missing. */
export function requestUrl(req: IncomingMessage): URL | null {
  try {
    return new URL(req.url ?? '/', 'http://hub.invalid');
  } catch {
    return null;
  }
}

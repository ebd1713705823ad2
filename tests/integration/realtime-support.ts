import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import * as signalR from '@microsoft/signalr';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/server/app';
import type { Clock } from '../../src/server/time/timers';
import { hashPassword } from '../../src/server/auth';
import { testConfig, type ServerConfig } from '../../src/server/config';
import { newId } from '../../src/server/lib/ids';
import { repositories } from '../../src/server/repositories';
import { userRow } from '../../src/server/repositories/user-row';
import { realtimeExtension, type RealtimeOptions } from '../../src/server/realtime/realtime-extension';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/seed';
import { openTestStore, type TestStore } from '../support/postgres';

// The real app (buildApp with the realtime extension, seeded pairs, the exchange core) listening
// on 127.0.0.1:0, users who log in through the API, and the official SignalR client speaking
// to /hubs/exchange with the session cookie.

export { signalR };

export interface RealtimeApp {
  app: FastifyInstance;
  /** http://127.0.0.1:port */
  origin: string;
  hubUrl: string;
  /** Every socket that asked to upgrade, so a test can cut one from the server side. */
  upgradeSockets: Duplex[];
  dataDir: string;
  /** Where the data lives; on PostgreSQL, `config.databaseUrl` names the throwaway database. */
  store: TestStore;
  config: ServerConfig;
  /** Closes the app and, unless `keepData`, removes its DATA_DIR (and drops its PostgreSQL database). */
  close(options?: { keepData?: boolean }): Promise<void>;
}

export interface RealtimeAppOptions extends Omit<RealtimeOptions, 'simRate'> {
  simRate?: number;
  dataDir?: string;
  /** The app's clock (tokens, sessions); pass the same one as `hub.clock` to move both. */
  clock?: Clock;
  config?: Partial<ServerConfig>;
  sessionTimings?: BuildAppOptions['sessionTimings'];
  /** PostgreSQL: a throwaway database, dropped on close (unless `keepData`; pass `config.databaseUrl` to reopen it). */
  store?: TestStore;
}

export async function startRealtimeApp(options: RealtimeAppOptions = {}): Promise<RealtimeApp> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ox-realtime-'));
  // Dev routes on: the demo user logs in and tests fund traders through the faucet.
  const store = options.store ?? (options.config?.databaseUrl ? 'postgres' : 'sqlite');
  const storage = await openTestStore(store, options.config?.databaseUrl);
  const config = testConfig({
    devRoutes: true,
    dataDir,
    simRate: options.simRate ?? 0,
    ...options.config,
    ...(storage.databaseUrl ? { databaseUrl: storage.databaseUrl } : {}),
  });
  const { dataDir: _dir, clock, config: _config, sessionTimings, store: _store, ...realtime } = options;
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      seed: true,
      ...(clock ? { clock } : {}),
      ...(sessionTimings ? { sessionTimings } : {}),
      extensions: [realtimeExtension({ ...realtime, simRate: options.simRate ?? 0 })],
    });
  } catch (error) {
    await storage.release({ keep: false });
    throw error;
  }
  const upgradeSockets: Duplex[] = [];
  app.server.on('upgrade', (_req: IncomingMessage, socket: Duplex) => upgradeSockets.push(socket));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    app,
    origin,
    hubUrl: `${origin}/hubs/exchange`,
    upgradeSockets,
    dataDir,
    store,
    config,
    async close({ keepData = false } = {}) {
      await app.close();
      await storage.release({ keep: keepData });
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LoggedIn {
  id: string;
  email: string;
  /** Cookie header value carrying the session (ox_access=…). */
  cookie: string;
  /** Cookie header value carrying the refresh token (ox_refresh=…), for refresh and logout. */
  refreshCookie?: string;
}

/** Logs in through POST /v1/auth/login and keeps the access cookie, as a browser would. */
export async function login(origin: string, email: string, password: string): Promise<LoggedIn> {
  const res = await fetch(`${origin}/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Auth-Method': 'cookie', Origin: origin },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user_details: { id: string } };
  const pairs = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const cookie = pairs.filter((c) => c.startsWith('ox_access=')).join('; ');
  const refreshCookie = pairs.filter((c) => c.startsWith('ox_refresh=')).join('; ');
  return { id: body.user_details.id, email, cookie, refreshCookie };
}

export function loginDemo(t: RealtimeApp): Promise<LoggedIn> {
  return login(t.origin, DEMO_EMAIL, DEMO_PASSWORD);
}

/** A verified individual with funds, created in storage, then logged in through the API. */
export async function createTrader(t: RealtimeApp, name: string, funds: Record<string, string>): Promise<LoggedIn> {
  const email = `${name.toLowerCase()}-${newId().slice(0, 8)}@example.com`;
  const password = 'Trader@Password2025';
  const now = Date.now();
  const id = newId();
  const user = userRow(
    {
      id,
      email,
      password_hash: await hashPassword(password),
      first_name: name,
      last_name: 'Trader',
      phone_country_code: '+1',
      phone_number: '2025550100',
      account_type: 'individual',
      account_role: 'client',
      account_purpose: 'Investing',
      email_confirmed: 1,
      phone_confirmed: 1,
    },
    now,
  );
  await repositories(t.app.ctx.database.db).users.insert(user);
  for (const [currency, amount] of Object.entries(funds)) await t.app.exchange.deposit(id, currency, amount);
  return login(t.origin, email, password);
}

export interface HubClientOptions {
  transport?: signalR.HttpTransportType;
  stateful?: boolean;
}

export function hubClient(t: RealtimeApp, user: LoggedIn | null, options: HubClientOptions = {}): signalR.HubConnection {
  let builder = new signalR.HubConnectionBuilder()
    .withUrl(t.hubUrl, {
      transport: options.transport ?? signalR.HttpTransportType.WebSockets,
      // Spec B §7: the session cookie plus X-Auth-Method=cookie, as the browser sends them.
      headers: user ? { Cookie: user.cookie, 'X-Auth-Method': 'cookie' } : {},
    })
    .configureLogging(signalR.LogLevel.None);
  if (options.stateful) builder = builder.withStatefulReconnect();
  return builder.build();
}

/** Records every hub event a client receives, by event name. */
export class Inbox {
  readonly events = new Map<string, unknown[]>();

  constructor(client: signalR.HubConnection, names: readonly string[]) {
    for (const name of names) {
      this.events.set(name, []);
      client.on(name, (payload: unknown) => this.events.get(name)!.push(payload));
    }
  }

  of<T = Record<string, unknown>>(name: string): T[] {
    return (this.events.get(name) ?? []) as T[];
  }

  clear(): void {
    for (const list of this.events.values()) list.length = 0;
  }
}

/** Opens a WebSocket to `url` and answers the HTTP status of the upgrade (101 when it opened, -1 on a network error). */
export function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url.replace(/^http/, 'ws'), { headers });
    ws.once('open', () => {
      ws.terminate();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      ws.terminate();
      resolve(res.statusCode ?? 0);
    });
    ws.once('error', () => resolve(-1));
  });
}

export async function waitFor(check: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const allTransports = [
  ['WebSockets', signalR.HttpTransportType.WebSockets],
  ['Server-Sent Events', signalR.HttpTransportType.ServerSentEvents],
  ['Long Polling', signalR.HttpTransportType.LongPolling],
] as const;

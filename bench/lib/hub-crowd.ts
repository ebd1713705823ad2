import type { ChildProcess } from 'node:child_process';

// The protocol between a benchmark and the hub-crowd client processes of bench/hub-fanout.ts
// (which bench/cluster.ts starts too): what a process is asked to hold and what it reports.

export interface ClientJob {
  origin: string;
  cookie: string;
  count: number;
  offset: number;
}

export interface ClientReport {
  connected: number;
  /** Connections the server closed (or that failed) during the measured window. */
  closed: number;
  failed: number;
  firstError: string | null;
  messages: number;
  byTarget: Record<string, number>;
  bookLag: number[];
  tradeLag: number[];
}

export type ToClients = { kind: 'start' } | { kind: 'stop' };
export type FromClients =
  { kind: 'ready'; connected: number; failed: number; firstError: string | null } | { kind: 'report'; report: ClientReport };

/** The next message of `kind` from a client process, or a rejection on timeout or exit. */
export function nextMessage<K extends FromClients['kind']>(
  child: ChildProcess,
  kind: K,
  timeoutMs: number,
): Promise<Extract<FromClients, { kind: K }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`client process: no '${kind}' within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (m: FromClients) => {
      if (m.kind !== kind) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(m as Extract<FromClients, { kind: K }>);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`client process exited (${code}) before '${kind}'`)));
  });
}

/** Logs the seeded demo trader in; the session cookies as one Cookie header. */
export async function loginDemo(origin: string): Promise<string> {
  const res = await fetch(`${origin}/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Auth-Method': 'cookie', Origin: origin },
    body: JSON.stringify({ email: 'demo@ox.exchange', password: 'DemoTrader@2025' }),
  });
  if (res.status !== 200) throw new Error(`login ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

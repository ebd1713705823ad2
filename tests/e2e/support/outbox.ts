// Reads the development outbox the server exposes at /dev/outbox.json (newest first).

export interface OutboxMessage {
  to: string;
  channel: 'email' | 'sms';
  subject: string | null;
  body: string;
  code: string | null;
  link: string | null;
}

export async function outbox(baseUrl: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${baseUrl}/dev/outbox.json`);
  if (!res.ok) throw new Error(`outbox answered ${res.status}`);
  const body = (await res.json()) as OutboxMessage[] | { messages: OutboxMessage[] };
  return Array.isArray(body) ? body : body.messages;
}

/** Waits for the newest message to `to` on `channel` matching `pick`, up to `timeoutMs` (10 s). */
export async function waitForMessage(
  baseUrl: string,
  to: string,
  channel: 'email' | 'sms',
  pick: (m: OutboxMessage) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await outbox(baseUrl)).find((m) => m.to === to && m.channel === channel && pick(m));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${channel} message to ${to} in the outbox`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

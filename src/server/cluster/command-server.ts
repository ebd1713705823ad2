import type { Redis } from 'ioredis';
import { z } from 'zod';
import { orderFormSchema } from '../../shared/api/orders';
import { sides } from '../../shared/orders/order-types';
import type { Exchange } from '../exchange/exchange';
import type { Clock } from '../time/timers';
import type { ClusterChannels } from './channels';
import { commandSchema, encodeError, type ClusterCommand, type ClusterMethod, type ClusterReply } from './command-codec';

// The core's side of the command stream. It reads through a consumer group, so a command is
// acknowledged (XACK) only once it has been answered: a core killed mid-batch finds the
// commands it had read but not answered in its pending list when it comes back, and runs
// them again; the exchange's own idempotency (client_order_id, transfer refs) keeps a repeated
// order from placing twice. Commands are handed to the exchange in stream order without
// waiting for each answer, so its commit pipeline groups them as it groups local callers.

export interface CommandServerOptions {
  /** A connection of its own: XREADGROUP blocks it. */
  reader: Redis;
  /** Answers and acknowledgements. */
  writer: Redis;
  channels: ClusterChannels;
  exchange: Exchange;
  clock: Clock;
  /** The core's market snapshot (books with their sequence, tickers) for edges that just started. */
  marketSnapshot: () => unknown;
  /** Consumer name in the group; the same after a restart, so the pending list is ours again. */
  consumer?: string;
  /** Commands read at once. */
  batch?: number;
  /** Commands handed to the exchange and not answered yet before reading pauses. */
  maxInFlight?: number;
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

export interface CommandServer {
  start(): Promise<void>;
  /** Stops reading and waits for the commands in flight to be answered. */
  stop(): Promise<void>;
  readonly stats: { handled: number; expired: number; invalid: number };
}

const side = z.enum(sides);
const userId = z.string().min(1).max(64);
const decimal = z.string().min(1).max(64);
const transferOpts = z.object({ ref: z.string().max(128).optional(), action: z.enum(['Deposit', 'Credit']).optional() }).strict();
const withdrawOpts = z.object({ ref: z.string().max(128).optional(), fee: decimal.optional() }).strict();
const quoteRequest = z.object({ pair: z.string().max(20), side, amount: decimal.optional(), quantity: decimal.optional() }).strict();
const rateRule = z.object({ max: z.number().int().positive(), windowMs: z.number().int().positive() }).strict();
const limits = z.object({ maxOpenOrders: z.number().int().positive().optional(), rate: rateRule.optional() }).strict();

/** The arguments of each method, checked again here: the stream is an input like any other. */
const argSchemas: Record<ClusterMethod, z.ZodType<unknown[]>> = {
  placeOrderForm: z.tuple([userId, side, orderFormSchema, limits.optional()]),
  cancelOrder: z.tuple([userId, z.number().int().positive()]),
  requestQuote: z.tuple([userId, quoteRequest]),
  deposit: z.tuple([userId, z.string().max(16), decimal, transferOpts.optional()]),
  withdraw: z.tuple([userId, z.string().max(16), decimal, withdrawOpts.optional()]),
  beginDeposit: z.tuple([userId, z.string().max(16), decimal, z.string().max(128)]),
  beginWithdrawal: z.tuple([userId, z.string().max(16), decimal, decimal, z.string().max(128)]),
  settleTransfer: z.tuple([z.string().max(128), z.enum(['done', 'failed'])]),
  feeRates: z.tuple([userId]),
  marketSnapshot: z.tuple([]),
};

type Entry = [id: string, fields: string[]];

/** One checked command, run on the core's exchange. */
function runCommand(exchange: Exchange, marketSnapshot: () => unknown, method: ClusterMethod, args: unknown[]): unknown {
  // The tuple was checked against the method's schema just before.
  const a = args as [never, never, never, never, never];
  switch (method) {
    case 'placeOrderForm':
      return exchange.placeOrderForm(a[0], a[1], a[2], a[3]);
    case 'cancelOrder':
      return exchange.cancelOrder(a[0], a[1]);
    case 'requestQuote':
      return exchange.requestQuote(a[0], a[1]);
    case 'deposit':
      return exchange.deposit(a[0], a[1], a[2], a[3]);
    case 'withdraw':
      return exchange.withdraw(a[0], a[1], a[2], a[3]);
    case 'beginDeposit':
      return exchange.beginDeposit(a[0], a[1], a[2], a[3]);
    case 'beginWithdrawal':
      return exchange.beginWithdrawal(a[0], a[1], a[2], a[3], a[4]);
    case 'settleTransfer':
      return exchange.settleTransfer(a[0], a[1]);
    case 'feeRates':
      return exchange.feeRates(a[0]);
    case 'marketSnapshot':
      return marketSnapshot();
  }
}

/**
 * The commands handed to the exchange and not answered yet. The read loop waits for room with
 * one waiter, woken by the command that makes it: Promise.race over the set would add a
 * reaction to every command in flight on each pass, thousands a pass while the core is behind,
 * all kept until those commands settle, just when it can least afford them.
 */
function commandsInFlight(max: number) {
  const pending = new Set<Promise<void>>();
  let waiter: (() => void) | null = null;
  return {
    add(done: Promise<void>): void {
      pending.add(done);
      void done.finally(() => {
        pending.delete(done);
        if (waiter && pending.size < max) {
          const wake = waiter;
          waiter = null;
          wake();
        }
      });
    },
    full: () => pending.size >= max,
    room: () => new Promise<void>((resolve) => (waiter = resolve)),
    settled: () => Promise.all(pending),
  };
}

export function createCommandServer(options: CommandServerOptions): CommandServer {
  const { reader, writer, channels, exchange } = options;
  const consumer = options.consumer ?? 'core';
  const batch = options.batch ?? 512;
  const maxInFlight = options.maxInFlight ?? 4096;
  const stats = { handled: 0, expired: 0, invalid: 0 };
  const inFlight = commandsInFlight(maxInFlight);
  let running = false;
  let loop: Promise<void> | null = null;

  async function answer(command: ClusterCommand, entryId: string, work: () => unknown): Promise<void> {
    let reply: ClusterReply;
    try {
      reply = { id: command.id, ok: true, value: await work() };
    } catch (err) {
      reply = encodeError(command.id, err);
    }
    stats.handled += 1;
    await send(channels.reply(command.edge), JSON.stringify(reply), entryId);
  }

  // The answers of one turn of the event loop (a batch's commands settle together) go to Redis
  // in one pipeline: every PUBLISH, then one XACK for all their entries. Answer first, then
  // acknowledge: a core killed between the two runs the command again, which idempotency
  // absorbs; the other order could lose an answer the caller waits for.
  let outbox: { channel: string; text: string; entryId: string }[] = [];
  let flushing: Promise<void> | null = null;
  function send(channel: string, text: string, entryId: string): Promise<void> {
    outbox.push({ channel, text, entryId });
    flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      const answers = outbox;
      outbox = [];
      flushing = null;
      const pipeline = writer.pipeline();
      for (const a of answers) pipeline.publish(a.channel, a.text);
      pipeline.xack(channels.commands, channels.coreGroup, ...answers.map((a) => a.entryId));
      const results = (await pipeline.exec()) ?? [];
      const failed = results.find(([err]) => err);
      if (failed) throw failed[0];
    });
    return flushing;
  }

  function handle([entryId, fields]: Entry): void {
    const text = fields[1];
    let command: ClusterCommand;
    try {
      command = commandSchema.parse(JSON.parse(text ?? ''));
    } catch {
      stats.invalid += 1;
      track(writer.xack(channels.commands, channels.coreGroup, entryId));
      return;
    }
    if (command.deadline < options.clock.now()) {
      // The edge has answered 503 already; running it now would do what nobody is waiting for.
      stats.expired += 1;
      track(writer.xack(channels.commands, channels.coreGroup, entryId));
      return;
    }
    const args = argSchemas[command.method].safeParse(command.args);
    const work = args.success
      ? () => runCommand(exchange, options.marketSnapshot, command.method, args.data)
      : () => {
          stats.invalid += 1;
          throw new Error('invalid command arguments');
        };
    track(answer(command, entryId, work));
  }

  function track(work: Promise<unknown>): void {
    inFlight.add(
      work.then(
        () => undefined,
        (err: unknown) => options.log.error({ err }, 'answering a command failed'),
      ),
    );
  }

  async function read(id: '0' | '>'): Promise<Entry[]> {
    const { commands, coreGroup } = channels;
    const res =
      id === '>'
        ? await reader.xreadgroup('GROUP', coreGroup, consumer, 'COUNT', batch, 'BLOCK', 1000, 'STREAMS', commands, id)
        : await reader.xreadgroup('GROUP', coreGroup, consumer, 'COUNT', batch, 'STREAMS', commands, id);
    return ((res as [string, Entry[]][] | null)?.[0]?.[1] ?? []) as Entry[];
  }

  async function readLoop(): Promise<void> {
    // First what this consumer read before it stopped (or was killed) and never acknowledged.
    for (;;) {
      const mine = await read('0');
      const unanswered = mine.filter(([, fields]) => fields.length > 0);
      if (unanswered.length === 0) break;
      options.log.warn({ commands: unanswered.length }, 'commands read before a restart and not answered: running them again');
      for (const entry of unanswered) handle(entry);
      await inFlight.settled();
    }
    while (running) {
      if (inFlight.full()) {
        await inFlight.room();
        continue;
      }
      let entries: Entry[];
      try {
        entries = await read('>');
      } catch (err) {
        if (!running) return;
        options.log.error({ err }, 'reading the command stream failed; retrying');
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      for (const entry of entries) handle(entry);
    }
  }

  return {
    stats,
    async start() {
      try {
        await writer.xgroup('CREATE', channels.commands, channels.coreGroup, '0', 'MKSTREAM');
      } catch (err) {
        if (!String(err).includes('BUSYGROUP')) throw err;
      }
      running = true;
      loop = readLoop().catch((err: unknown) => options.log.error({ err }, 'the command loop stopped'));
    },
    async stop() {
      running = false;
      // The blocked read ends within its BLOCK time; then the commands in flight are answered.
      await loop;
      await inFlight.settled();
    },
  };
}

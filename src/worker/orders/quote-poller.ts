import { paths } from '../../shared/api/paths';
import { quoteResponseSchema } from '../../shared/api/orders';
import { tradingLimits } from '../../shared/constants';
import { orderMessages } from '../../shared/messages';
import type { QuoteInput, QuoteView } from '../api';
import { parseDecimal } from '../decimal/decimal';
import { truncateFixed } from '../decimal/format';
import type { ErrorStream } from '../errors/error-stream';
import type { RestClient } from '../private/rest-client';
import { IDLE_QUOTE } from '../snapshot/initial-snapshot';
import type { TimerHandle, Timers } from '../time/timers';

// Spec B §4 market-order quotes: POST /v1/orders/request-for-quote 300 ms after an input
// change, then every 5 s while the value is a positive number. An empty, non-numeric or
// non-positive value clears the estimates and the quote id. Answers for an older input are
// dropped (the generation check), so a slow quote never overwrites a newer one.

export class QuotePoller {
  view: QuoteView = IDLE_QUOTE;
  private timer: TimerHandle | null = null;
  private generation = 0;

  constructor(
    private readonly rest: RestClient,
    private readonly timers: Timers,
    private readonly errors: ErrorStream,
    private readonly onChange: () => void,
  ) {}

  request(input: QuoteInput): void {
    const value = parseDecimal(input.value);
    if (!value || value.lte(0)) {
      this.clear();
      return;
    }
    // Same value again (e.g. a re-render): the debounce or the 5 s refresh is already running.
    if (this.view.input && sameInput(this.view.input, input)) return;
    this.generation++;
    this.set({ ...IDLE_QUOTE, status: 'waiting', input });
    this.schedule(tradingLimits.quoteDebounceMs);
  }

  clear(): void {
    this.generation++;
    this.timers.clearTimeout(this.timer);
    this.timer = null;
    if (this.view !== IDLE_QUOTE) this.set(IDLE_QUOTE);
  }

  private schedule(ms: number): void {
    this.timers.clearTimeout(this.timer);
    const gen = this.generation;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      if (gen === this.generation) void this.fetch(gen);
    }, ms);
  }

  private async fetch(gen: number): Promise<void> {
    const input = this.view.input;
    if (!input) return;
    const refreshing = this.view.quoteId !== null;
    this.set({ ...this.view, status: 'loading', refreshing });
    const body =
      input.side === 'buy'
        ? { pair: input.pair, side: input.side, amount: input.value.trim() }
        : { pair: input.pair, side: input.side, quantity: input.value.trim() };
    const r = await this.rest.request(paths.orders.requestForQuote, { method: 'POST', body, schema: quoteResponseSchema });
    if (gen !== this.generation) return;
    const estimate = r.ok ? (input.side === 'buy' ? r.value.quantity : r.value.amount) : null;
    const parsed = estimate == null ? null : parseDecimal(estimate);
    if (!r.ok || !parsed || parsed.isNegative()) {
      // A failed or malformed answer: the estimate and quote id are no longer valid.
      if (this.view.error === null) this.errors.push('QUOTE_FAILED', orderMessages.quoteFailed);
      this.set({ ...IDLE_QUOTE, status: 'error', input, error: orderMessages.quoteFailed, updatedAt: this.timers.now() });
    } else {
      const price = r.value.price != null ? parseDecimal(r.value.price) : null;
      this.set({
        status: 'ready',
        input,
        quoteId: r.value.quote_id,
        quantity: input.side === 'buy' ? truncateFixed(parsed) : null,
        amount: input.side === 'sell' ? truncateFixed(parsed) : null,
        price: price ? price.toFixed() : null,
        error: null,
        refreshing: false,
        updatedAt: this.timers.now(),
      });
    }
    // Keep refreshing while the value stays positive (it is: a non-positive one clears).
    this.schedule(tradingLimits.quoteRefreshMs);
  }

  private set(view: QuoteView): void {
    this.view = Object.freeze(view);
    this.onChange();
  }
}

function sameInput(a: QuoteInput, b: QuoteInput): boolean {
  return a.pair === b.pair && a.side === b.side && a.value.trim() === b.value.trim();
}

import { newClientOrderId } from '../../shared/api/orders';
import { tradingLimits } from '../../shared/constants';
import { orderEntryFields, type OrderEntryField, type TrailUnit } from '../../shared/orders/order-entry-form';
import { DEFAULT_ORDER_TYPE, type OrderTypeName, type Side } from '../../shared/orders/order-types';
import type { LimitField, OrderEntryView, OrderSubmitOptions, OrderSubmitResult, PriceShortcut } from '../api';
import { Decimal, parseDecimal } from '../decimal/decimal';
import { INITIAL_ORDER_ENTRY } from '../snapshot/initial-snapshot';
import { recalcLimit, recordEdit } from './limit-calc';
import { percentShortcut } from './percent-shortcut';
import { trailingStopFigures } from './trailing-stop';
import type { OrderSender } from './order-sender';

// The order entry draft (spec B §2, §4, §5): side, type, the typed fields, which two limit
// fields were edited last, the client_order_id and whether a submit is in flight. The engine
// owns the arithmetic (decimal.js lives here, never in the page); the page sends what the user
// typed and copies back the fields the engine set itself.

export interface OrderEntryPair {
  readonly symbol: string;
  readonly base: string;
  readonly quote: string;
  /** Fee fraction. */
  readonly fee: string;
  readonly priceDecimals: number;
}

export interface OrderEntryDeps {
  readonly pair: () => OrderEntryPair;
  /** Raw best prices of the selected pair's book (null when that side is empty). */
  readonly bestPrices: () => { readonly bid: string | null; readonly ask: string | null };
  /** Available balance of a currency (any case), or null when the user holds none of it. */
  readonly available: (currency: string) => string | null;
  readonly quotes: {
    request(input: { pair: string; side: Side; value: string }): void;
    clear(): void;
  };
  readonly sender: OrderSender;
  readonly onChange: () => void;
  /** The view changed only because the book moved (trailing figures): published at market pace. */
  readonly onMarketChange: () => void;
  readonly random?: () => number;
}

type Values = Record<OrderEntryField, string>;

const LIMIT_FIELDS: readonly LimitField[] = ['price', 'quantity', 'amount'];
const DEFAULT_EDITS: readonly [LimitField, LimitField] = ['quantity', 'price'];

export class OrderEntry {
  private side: Side = 'buy';
  private type: OrderTypeName = DEFAULT_ORDER_TYPE;
  private trailUnit: TrailUnit = 'amount';
  private values: Values = { ...INITIAL_ORDER_ENTRY.values };
  private setAt: Record<OrderEntryField, number> = { ...INITIAL_ORDER_ENTRY.setAt };
  private revision = 0;
  /** Counts the user's edits (the view's values follow them; the page compares the count). */
  private edits = 0;
  private lastEdited: [LimitField, LimitField] = [...DEFAULT_EDITS];
  private clientOrderId: string;
  private submitting = false;
  private priceFocused = false;
  private view: OrderEntryView = INITIAL_ORDER_ENTRY;
  private viewKey = '';

  constructor(private readonly deps: OrderEntryDeps) {
    this.clientOrderId = newClientOrderId(deps.random);
    this.changed();
  }

  /* ------------------------------------------------------------------ intents */

  setSide(side: Side): void {
    if (side === this.side) return;
    this.side = side;
    this.resetDraft();
  }

  setType(type: OrderTypeName): void {
    if (type === this.type) return;
    this.type = type;
    // The form shows a fresh price field, without focus (a removed input may never blur).
    this.priceFocused = false;
    this.resetDraft();
  }

  /** The pair changed: what was typed belongs to the old one. */
  pairChanged(): void {
    this.resetDraft();
  }

  edit(field: OrderEntryField, value: string): void {
    // Counted even when nothing changes: the page compares it with the edits it has sent.
    this.edits++;
    if (this.values[field] === value) {
      this.changed();
      return;
    }
    this.values[field] = value;
    if (isLimitField(field)) this.afterLimitEdit(field);
    this.afterSizeChange();
    this.changed();
  }

  setPriceFocus(focused: boolean): void {
    this.priceFocused = focused;
    if (!focused) this.prefillMid();
  }

  applyPriceShortcut(kind: PriceShortcut): void {
    const price = this.shortcutPrice(kind);
    if (price === null) return;
    this.engineSet('price', price);
    this.afterLimitEdit('price');
    this.changed();
  }

  /**
   * A price picked from the order book: the limit price, or a stop's trigger. A form without a
   * price field (market, trailing stop) turns into a limit order first, as picking a level on a
   * trading desk means "at this price". Anything but a positive decimal is ignored.
   */
  pickBookPrice(price: string): void {
    const picked = parseDecimal(price);
    if (!picked || picked.lte(0)) return;
    if (this.type === 'Market' || this.type === 'TrailingStop') this.setType('Limit');
    this.engineSet('price', picked.toDecimalPlaces(this.deps.pair().priceDecimals, Decimal.ROUND_HALF_UP).toFixed());
    this.afterLimitEdit('price');
    this.changed();
  }

  applyPercent(percent: number): void {
    const spent = this.side === 'buy' ? this.deps.pair().quote : this.deps.pair().base;
    const r = percentShortcut({ side: this.side, percent, available: this.deps.available(spent) ?? '0' });
    this.engineSet(r.field, r.value);
    this.afterLimitEdit(r.field);
    this.afterSizeChange();
    this.changed();
  }

  setTrailUnit(unit: TrailUnit): void {
    if (unit === this.trailUnit) return;
    this.trailUnit = unit;
    this.engineSet('stopAmount', '');
    this.engineSet('stopPercent', '');
    this.changed();
  }

  /** The book moved: the mid prefill may apply now, and the trailing figures follow it. */
  bookChanged(): void {
    if (this.prefillMid()) return;
    if (this.type === 'TrailingStop') this.deps.onMarketChange();
  }

  async submit(options: OrderSubmitOptions): Promise<OrderSubmitResult> {
    if (this.submitting) return { ok: false, code: 'BUSY', message: 'An order is being sent.', fieldErrors: {} };
    this.submitting = true;
    this.changed();
    try {
      const result = await this.deps.sender.send({
        side: this.side,
        type: this.type,
        trailUnit: this.trailUnit,
        values: { ...this.values },
        options,
        clientOrderId: this.clientOrderId,
        pair: this.deps.pair(),
      });
      if (result.ok) {
        // Spec B §4: a placed order clears price, quantity and amount and makes a new id.
        this.clientOrderId = newClientOrderId(this.deps.random);
        for (const f of ['price', 'quantity', 'amount'] as const) this.engineSet(f, '');
        this.lastEdited = [...DEFAULT_EDITS];
        this.deps.quotes.clear();
        this.prefillMid();
      }
      return result;
    } finally {
      this.submitting = false;
      this.changed();
    }
  }

  /* ------------------------------------------------------------------ view */

  build(): OrderEntryView {
    const pair = this.deps.pair();
    const best = this.type === 'TrailingStop' ? this.deps.bestPrices() : { bid: null, ask: null };
    const trail = this.type === 'TrailingStop' ? this.trailFigures(pair, best) : { initialStopPrice: null, estimate: null };
    const key = `${this.revision}|${this.edits}|${this.side}|${this.type}|${this.trailUnit}|${this.submitting}|${this.clientOrderId}|${pair.priceDecimals}|${trail.initialStopPrice}|${trail.estimate}`;
    if (key === this.viewKey) return this.view;
    this.viewKey = key;
    this.view = Object.freeze({
      side: this.side,
      type: this.type,
      trailUnit: this.trailUnit,
      values: Object.freeze({ ...this.values }),
      revision: this.revision,
      setAt: Object.freeze({ ...this.setAt }),
      edits: this.edits,
      lastEdited: Object.freeze([...this.lastEdited]) as unknown as readonly [LimitField, LimitField],
      clientOrderId: this.clientOrderId,
      submitting: this.submitting,
      priceDecimals: pair.priceDecimals,
      initialStopPrice: trail.initialStopPrice,
      trailEstimate: trail.estimate,
    });
    return this.view;
  }

  /* ------------------------------------------------------------------ rules */

  private trailFigures(pair: OrderEntryPair, best: { bid: string | null; ask: string | null }) {
    const size = this.side === 'buy' ? this.values.amount : this.values.quantity;
    return trailingStopFigures({
      side: this.side,
      unit: this.trailUnit,
      trail: this.trailUnit === 'amount' ? this.values.stopAmount : this.values.stopPercent,
      size,
      fee: pair.fee,
      bestBid: best.bid,
      bestAsk: best.ask,
      priceDecimals: pair.priceDecimals,
    });
  }

  private resetDraft(): void {
    // Spec B §4: price, quantity, amount and the stop fields start over.
    for (const f of orderEntryFields) this.engineSet(f, '');
    this.lastEdited = [...DEFAULT_EDITS];
    this.deps.quotes.clear();
    this.prefillMid();
    this.changed();
  }

  /** Limit form: the two fields edited last determine the third (spec B §4, §5). */
  private afterLimitEdit(field: LimitField): void {
    if (this.type !== 'Limit') return;
    this.lastEdited = recordEdit(this.lastEdited, field);
    const r = recalcLimit({ side: this.side, fee: this.deps.pair().fee, ...pickLimit(this.values), lastEdited: this.lastEdited });
    if (r.ok) this.engineSet(r.derived, r[r.derived]);
  }

  /** Market: a quote for the size as typed (the poller debounces and clears on bad input). */
  private afterSizeChange(): void {
    if (this.type !== 'Market') return;
    const value = this.side === 'buy' ? this.values.amount : this.values.quantity;
    this.deps.quotes.request({ pair: this.deps.pair().symbol, side: this.side, value });
  }

  /** Spec B §4: an empty, unfocused limit price takes the mid. True when it did. */
  private prefillMid(): boolean {
    if (this.type !== 'Limit' || this.priceFocused || this.values.price !== '') return false;
    const mid = this.shortcutPrice('mid');
    if (mid === null) return false;
    this.engineSet('price', mid);
    this.afterLimitEdit('price');
    this.changed();
    return true;
  }

  /** Spec B §5/§9: bid, ask and mid rounded to the pair's price places; ±1 % of the mid. */
  private shortcutPrice(kind: PriceShortcut): string | null {
    const { bid, ask } = this.deps.bestPrices();
    const places = this.deps.pair().priceDecimals;
    const b = parseDecimal(bid);
    const a = parseDecimal(ask);
    const mid = b && a ? b.plus(a).div(2) : null;
    let price: Decimal | null;
    switch (kind) {
      case 'bid':
        price = b;
        break;
      case 'ask':
        price = a;
        break;
      case 'mid':
        price = mid;
        break;
      case 'plus1':
      case 'minus1': {
        const step = new Decimal(tradingLimits.priceShortcutPercent).div(100);
        price = mid ? mid.mul(kind === 'plus1' ? new Decimal(1).plus(step) : new Decimal(1).minus(step)) : null;
        break;
      }
    }
    if (!price || price.lte(0)) return null;
    return price.toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed();
  }

  private engineSet(field: OrderEntryField, value: string): void {
    this.revision++;
    this.values[field] = value;
    this.setAt[field] = this.revision;
  }

  private changed(): void {
    this.deps.onChange();
  }
}

function isLimitField(field: OrderEntryField): field is LimitField {
  return (LIMIT_FIELDS as readonly string[]).includes(field);
}

function pickLimit(values: Values): { price: string; quantity: string; amount: string } {
  return { price: values.price, quantity: values.quantity, amount: values.amount };
}

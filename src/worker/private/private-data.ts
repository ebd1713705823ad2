import { balanceSchema, type Balance } from '../../shared/api/account';
import { orderSchema, tradeSchema, type Order, type Trade } from '../../shared/api/orders';
import { paths } from '../../shared/api/paths';
import { listResponse } from '../../shared/api/list';
import type { Loadable } from '../api';
import { EMPTY_LOADABLE } from '../snapshot/initial-snapshot';
import { applyOrderUpdate, applyTradeUpdate } from './order-updates';
import type { RestClient } from './rest-client';

// The signed-in user's open orders, done orders, trades and balances: loaded over REST, then
// kept current by the push channel. A reload supersedes pushes that raced it only for the
// list it replaces; loads carry a generation so a logout discards late answers.

const openList = listResponse(orderSchema);
const tradeList = listResponse(tradeSchema);
const balanceList = listResponse(balanceSchema);

export class PrivateData {
  openOrders: Loadable<Order> = EMPTY_LOADABLE;
  doneOrders: Loadable<Order> = EMPTY_LOADABLE;
  trades: Loadable<Trade> = EMPTY_LOADABLE;
  balances: Loadable<Balance> = EMPTY_LOADABLE;
  private generation = 0;

  constructor(
    private readonly rest: RestClient,
    private readonly onChange: (slices: readonly ('openOrders' | 'doneOrders' | 'trades' | 'balances')[]) => void,
  ) {}

  clear(): void {
    this.generation++;
    this.openOrders = EMPTY_LOADABLE;
    this.doneOrders = EMPTY_LOADABLE;
    this.trades = EMPTY_LOADABLE;
    this.balances = EMPTY_LOADABLE;
    this.onChange(['openOrders', 'doneOrders', 'trades', 'balances']);
  }

  async loadAll(): Promise<void> {
    const gen = this.generation;
    const mark = <T>(l: Loadable<T>): Loadable<T> =>
      l.status === 'ready' ? l : Object.freeze({ status: 'loading' as const, items: l.items });
    this.openOrders = mark(this.openOrders);
    this.doneOrders = mark(this.doneOrders);
    this.trades = mark(this.trades);
    this.balances = mark(this.balances);
    this.onChange(['openOrders', 'doneOrders', 'trades', 'balances']);
    await Promise.all([
      ...this.loadOrderLists(gen),
      this.load(
        gen,
        paths.account.balances,
        balanceList,
        (l) => (this.balances = l),
        'balances',
        () => this.balances,
      ),
    ]);
  }

  /**
   * Reloads the order lists and trades (not balances): after a cancel found the order already
   * ended, its last push may still be on its way or have been missed.
   */
  async reloadOrders(): Promise<void> {
    await Promise.all(this.loadOrderLists(this.generation));
  }

  /** The loads of the open and done orders and the trades, for one generation of the session. */
  private loadOrderLists(gen: number): Promise<void>[] {
    return [
      this.load(
        gen,
        paths.orders.open,
        openList,
        (l) => (this.openOrders = l),
        'openOrders',
        () => this.openOrders,
      ),
      this.load(
        gen,
        paths.orders.done,
        openList,
        (l) => (this.doneOrders = l),
        'doneOrders',
        () => this.doneOrders,
      ),
      this.load(
        gen,
        paths.account.trades,
        tradeList,
        (l) => (this.trades = l),
        'trades',
        () => this.trades,
      ),
    ];
  }

  applyOrder(order: Order): void {
    const next = applyOrderUpdate({ open: this.openOrders.items, done: this.doneOrders.items, trades: this.trades.items }, order);
    const changed: ('openOrders' | 'doneOrders' | 'trades')[] = [];
    if (next.open !== this.openOrders.items) {
      this.openOrders = Object.freeze({ status: this.openOrders.status, items: next.open });
      changed.push('openOrders');
    }
    if (next.done !== this.doneOrders.items) {
      this.doneOrders = Object.freeze({ status: this.doneOrders.status, items: next.done });
      changed.push('doneOrders');
    }
    if (next.trades !== this.trades.items) {
      this.trades = Object.freeze({ status: this.trades.status, items: next.trades });
      changed.push('trades');
    }
    if (changed.length) this.onChange(changed);
  }

  applyTrade(trade: Trade): void {
    this.trades = Object.freeze({ status: this.trades.status, items: applyTradeUpdate(this.trades.items, trade) });
    this.onChange(['trades']);
  }

  applyBalances(updates: readonly Balance[]): void {
    let items = [...this.balances.items];
    for (const b of updates) {
      const i = items.findIndex((x) => x.currency.toLowerCase() === b.currency.toLowerCase());
      if (i < 0) items = [...items, b];
      else items[i] = b;
    }
    this.balances = Object.freeze({ status: this.balances.status, items: Object.freeze(items) });
    this.onChange(['balances']);
  }

  private async load<T>(
    gen: number,
    path: string,
    schema: ReturnType<typeof listResponse>,
    set: (l: Loadable<T>) => void,
    slice: 'openOrders' | 'doneOrders' | 'trades' | 'balances',
    current: () => Loadable<T>,
  ): Promise<void> {
    const r = await this.rest.request(path, { schema });
    if (gen !== this.generation) return;
    if (r.ok) set(Object.freeze({ status: 'ready', items: Object.freeze(r.value as T[]) }));
    else set(Object.freeze({ status: 'error', items: current().items }));
    this.onChange([slice]);
  }
}

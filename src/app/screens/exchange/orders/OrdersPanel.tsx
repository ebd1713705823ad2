import { useCallback, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CommandResult, Loadable, Order, Trade } from '../../../../worker/public';
import Pager from './Pager';
import { DoneOrdersTable, OpenOrdersTable, TradesTable } from './OrderTables';
import { clampPage, pageItems } from './paging';

export type OrdersTab = 'open' | 'done' | 'trades';

const TABS: readonly { id: OrdersTab; label: string }[] = [
  { id: 'open', label: 'Open Orders' },
  { id: 'done', label: 'Done Orders' },
  { id: 'trades', label: 'All Trades' },
];

interface OrdersPanelProps {
  readonly openOrders: Loadable<Order>;
  readonly doneOrders: Loadable<Order>;
  readonly trades: Loadable<Trade>;
  /** Upper-case quote codes, to show "btcusd" as BTC/USD. */
  readonly quotes: readonly string[];
  /** Sends the cancel through the engine. */
  readonly onCancel: (id: string) => Promise<CommandResult>;
  /** Where a failed cancel is logged (spec B §8: only logged). */
  readonly log?: (message: string, detail: unknown) => void;
}

const defaultLog = (message: string, detail: unknown) => console.error(message, detail);

/**
 * Spec B §2 orders panel: Open Orders, Done Orders and All Trades, 5 rows a page. The lists are
 * the engine's (REST loads kept current by pushes, spec B §4), so an order that is cancelled or
 * fills leaves Open in the frame its event arrives.
 */
export default function OrdersPanel({ openOrders, doneOrders, trades, quotes, onCancel, log = defaultLog }: OrdersPanelProps) {
  const baseId = useId();
  const [tab, setTab] = useState<OrdersTab>('open');
  const [pages, setPages] = useState<Record<OrdersTab, number>>({ open: 1, done: 1, trades: 1 });
  const [cancelling, setCancelling] = useState<ReadonlySet<string>>(() => new Set());
  const tabRefs = useRef<Record<OrdersTab, HTMLButtonElement | null>>({ open: null, done: null, trades: null });

  const wrapRef = useRef<HTMLDivElement>(null);
  // A Cancel pressed from the keyboard: when its row leaves the table the focus would fall to the
  // page, so it moves to the Cancel button now in that place (or the last one, or the tab).
  const refocus = useRef<{ id: string; index: number } | null>(null);

  const cancel = useCallback(
    (order: Order) => {
      setCancelling((s) => new Set(s).add(order.id));
      const wrap = wrapRef.current;
      if (wrap?.contains(document.activeElement)) {
        const buttons = [...wrap.querySelectorAll('.ex-cancel')];
        refocus.current = { id: order.id, index: Math.max(0, buttons.indexOf(document.activeElement as Element)) };
      }
      const forget = () => {
        if (refocus.current?.id === order.id) refocus.current = null;
      };
      void onCancel(order.id)
        .then((r) => {
          if (!r.ok) {
            forget();
            log(`Cancel of order ${order.id} failed: ${r.message}`, r);
          }
        })
        .catch((e: unknown) => {
          forget();
          log(`Cancel of order ${order.id} failed`, e);
        })
        .finally(() =>
          setCancelling((s) => {
            const next = new Set(s);
            next.delete(order.id);
            return next;
          }),
        );
    },
    [onCancel, log],
  );

  // WAI-ARIA tabs: arrows move between tabs and select them, Home/End jump to the ends.
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = TABS.findIndex((t) => t.id === tab);
    const to =
      e.key === 'ArrowRight'
        ? (i + 1) % TABS.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + TABS.length) % TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? TABS.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    const next = TABS[to]!.id;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  useLayoutEffect(() => {
    const target = refocus.current;
    if (!target || openOrders.items.some((o) => o.id === target.id)) return;
    refocus.current = null;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const buttons = wrapRef.current?.querySelectorAll<HTMLButtonElement>('.ex-cancel') ?? [];
    (buttons[Math.min(target.index, buttons.length - 1)] ?? tabRefs.current.open)?.focus();
  }, [openOrders.items]);

  const list = tab === 'open' ? openOrders : tab === 'done' ? doneOrders : trades;
  const page = clampPage(pages[tab], list.items.length);
  const setPage = (p: number) => setPages((all) => ({ ...all, [tab]: clampPage(p, list.items.length) }));
  const label = TABS.find((t) => t.id === tab)!.label;
  const loading = list.status === 'loading' || list.status === 'idle';

  return (
    <section className="card ex-card ex-orders" aria-labelledby={`${baseId}-title`}>
      <header className="ex-card-header">
        <h2 id={`${baseId}-title`} className="card-title">
          Orders
        </h2>
        <div role="tablist" aria-label="Orders" className="ex-tabs">
          {TABS.map((t) => (
            <button
              key={t.id}
              ref={(el) => void (tabRefs.current[t.id] = el)}
              type="button"
              role="tab"
              id={`${baseId}-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`${baseId}-panel`}
              tabIndex={tab === t.id ? 0 : -1}
              className="ex-tab"
              onClick={() => setTab(t.id)}
              onKeyDown={onTabKey}
            >
              {t.label}
              {t.id === 'open' && openOrders.items.length > 0 ? <span className="ex-tab-count"> ({openOrders.items.length})</span> : null}
            </button>
          ))}
        </div>
      </header>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${tab}`} className="ex-tabpanel">
        {/* The trades table scrolls sideways in the desk's middle column and holds nothing a
            keyboard can reach, so its wrapper takes focus (done orders likewise); open orders'
            Cancel buttons already carry the keyboard into theirs. */}
        <div className="ex-table-wrap" ref={wrapRef} tabIndex={tab === 'open' ? undefined : 0}>
          {tab === 'open' ? (
            <OpenOrdersTable
              rows={pageItems(openOrders.items, page)}
              loading={loading}
              quotes={quotes}
              caption={label}
              cancelling={cancelling}
              onCancel={cancel}
            />
          ) : tab === 'done' ? (
            <DoneOrdersTable rows={pageItems(doneOrders.items, page)} loading={loading} quotes={quotes} caption={label} />
          ) : (
            <TradesTable rows={pageItems(trades.items, page)} loading={loading} quotes={quotes} caption={label} />
          )}
        </div>
        <Pager total={list.items.length} page={page} onPage={setPage} label={label} />
      </div>
    </section>
  );
}

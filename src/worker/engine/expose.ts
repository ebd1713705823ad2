import type { EngineApi } from '../api';
import type { Engine } from './engine';

/**
 * The EngineApi surface of an engine as a plain object of bound functions: exactly what goes
 * over the wire (no store, stats or test hooks), for Comlink.expose in the entries.
 */
export function exposeEngine(engine: Engine): EngineApi {
  return {
    start: (config, host) => engine.start(config, host),
    setAuth: (user) => engine.setAuth(user),
    selectPair: (base, quote) => engine.selectPair(base, quote),
    joinFeeds: (feeds) => engine.joinFeeds(feeds),
    leaveFeeds: (feeds, remember) => engine.leaveFeeds(feeds, remember),
    retry: () => engine.retry(),
    reload: () => engine.reload(),
    dismissError: (id) => engine.dismissError(id),
    setPairSearch: (text) => engine.setPairSearch(text),
    setPairQuoteFilter: (quote) => engine.setPairQuoteFilter(quote),
    cyclePairSort: (column) => engine.cyclePairSort(column),
    requestQuote: (input) => engine.requestQuote(input),
    clearQuote: () => engine.clearQuote(),
    recalcLimit: (input) => engine.recalcLimit(input),
    percentShortcut: (input) => engine.percentShortcut(input),
    setOrderSide: (side) => engine.setOrderSide(side),
    setOrderType: (type) => engine.setOrderType(type),
    editOrderField: (field, value) => engine.editOrderField(field, value),
    setOrderPriceFocus: (focused) => engine.setOrderPriceFocus(focused),
    applyPriceShortcut: (kind) => engine.applyPriceShortcut(kind),
    pickBookPrice: (price) => engine.pickBookPrice(price),
    applyOrderPercent: (percent) => engine.applyOrderPercent(percent),
    setTrailUnit: (unit) => engine.setTrailUnit(unit),
    submitOrder: (options) => engine.submitOrder(options),
    cancelOrder: (id) => engine.cancelOrder(id),
    showChart: (symbol, interval) => engine.showChart(symbol, interval),
    subscribe: (listener) => engine.subscribe(listener),
    unsubscribe: (id) => engine.unsubscribe(id),
    getSnapshot: () => engine.getSnapshot(),
    diagnostics: () => engine.diagnostics(),
    dispose: () => engine.dispose(),
  };
}

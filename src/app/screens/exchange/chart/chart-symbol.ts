// Spec B §2 price chart contract: the card accepts a base, quote, exchange or a pair string;
// its symbol is exchange:base+quote. Our chart draws our own venue's candles, so the exchange
// defaults to ours and the pair to the one selected on the screen.

export const CHART_EXCHANGE = 'OX';

export interface ChartPairProps {
  readonly base?: string | undefined;
  readonly quote?: string | undefined;
  readonly exchange?: string | undefined;
  /** "BTC/USD", "BTC-USD", "btcusd" or "OX:BTCUSD". */
  readonly pair?: string | undefined;
}

export interface ChartPair {
  readonly exchange: string;
  readonly base: string;
  readonly quote: string;
  /** exchange:base+quote, e.g. "OX:BTCUSD". */
  readonly symbol: string;
  /** The lower-case pair symbol the API and the feeds use, e.g. "btcusd". */
  readonly pairSymbol: string;
}

/**
 * Resolves what the chart shows. A pair string wins over base and quote; a pair written without
 * a separator is split at the longest known quote currency it ends with.
 */
export function resolveChartPair(
  props: ChartPairProps,
  selected: { base: string; quote: string },
  knownQuotes: readonly string[],
): ChartPair {
  let exchange = props.exchange?.trim().toUpperCase() || CHART_EXCHANGE;
  let base = props.base?.trim().toUpperCase() || '';
  let quote = props.quote?.trim().toUpperCase() || '';
  if (props.pair?.trim()) {
    let text = props.pair.trim().toUpperCase();
    const colon = text.indexOf(':');
    if (colon >= 0) {
      exchange = text.slice(0, colon) || exchange;
      text = text.slice(colon + 1);
    }
    const parts = text.split(/[/\-_+ ]/).filter(Boolean);
    if (parts.length === 2) [base, quote] = parts as [string, string];
    else {
      const q = [...knownQuotes]
        .map((x) => x.toUpperCase())
        .sort((a, b) => b.length - a.length)
        .find((x) => text.endsWith(x) && text.length > x.length);
      if (q) {
        base = text.slice(0, -q.length);
        quote = q;
      }
    }
  }
  base ||= selected.base.toUpperCase();
  quote ||= selected.quote.toUpperCase();
  return { exchange, base, quote, symbol: `${exchange}:${base}${quote}`, pairSymbol: `${base}${quote}`.toLowerCase() };
}

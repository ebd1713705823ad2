import type { CurrencyPair } from '../../shared/api/account';
import type { Ticker } from '../../shared/hub/messages';
import type { PairRow } from '../api';
import { canonicalNonNegative } from '../decimal/canonical';
import { Decimal } from '../decimal/decimal';
import { abbreviate, roundFixed } from '../decimal/format';
import { usdValue } from './usd-volume';

/** Spec B §5: a change percent only when open and last exist and open ≠ 0; 2 decimals. */
export function changePercent(open: string | null, last: string | null): string | null {
  if (open == null || last == null) return null;
  const o = new Decimal(open);
  if (o.isZero()) return null;
  return roundFixed(new Decimal(last).minus(o).div(o).mul(100), 2);
}

function dec(value: string | null | undefined): string | null {
  if (value == null) return null;
  return canonicalNonNegative(value);
}

export function buildPairRow(pair: CurrencyPair, ticker: Ticker | undefined, prices: ReadonlyMap<string, Decimal>): PairRow {
  const last = dec(ticker?.last);
  const open = dec(ticker?.open);
  const volume = dec(ticker?.volume);
  const usd = volume === null ? null : usdValue(pair.base, volume, prices);
  return Object.freeze({
    symbol: pair.symbol.toLowerCase(),
    base: pair.base.toUpperCase(),
    quote: pair.quote.toUpperCase(),
    formattedSymbol: pair.formatted_symbol,
    fee: dec(pair.fee) ?? '0',
    last,
    open,
    high: dec(ticker?.high),
    low: dec(ticker?.low),
    volume,
    vwap: dec(ticker?.vwap),
    changePct: changePercent(open, last),
    volumeLabel: volume === null ? null : abbreviate(new Decimal(volume)),
    volumeUsd: usd === null ? null : roundFixed(usd, 2),
    volumeUsdLabel: usd === null ? null : `$${abbreviate(usd)}`,
    tickerSeen: ticker !== undefined,
  });
}

export function samePairRow(a: PairRow, b: PairRow): boolean {
  for (const k of Object.keys(a) as (keyof PairRow)[]) if (a[k] !== b[k]) return false;
  return true;
}

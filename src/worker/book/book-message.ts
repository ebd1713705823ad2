import { canonicalNonNegative, scanDecimal } from '../decimal/canonical';

// Structural validation of ReceiveOrderBook payloads (spec B §3). This runs for every book
// message, so it is hand-written instead of the zod orderBookMessageSchema in
// src/shared/hub/messages.ts (same rules, ~20× faster). It also canonicalises prices and
// quantities once, so the merge can key levels by text.

/**
 * One side's validated levels, flat: [price, quantity, source, price, quantity, source, …],
 * canonical decimals, zero quantities removed. Flat because a message carries dozens of levels
 * and one array per side is far cheaper to allocate and collect than an object per level.
 */
export type FlatLevels = readonly string[];

/** Fields per level in FlatLevels. */
export const STRIDE = 3;

export interface ParsedBook {
  /** Lower-case alphanumeric symbol, e.g. "btcusd" (also accepts "BTC/USD", "BTC-USD"). */
  readonly symbol: string;
  readonly bids: FlatLevels;
  readonly asks: FlatLevels;
  readonly mmBids: FlatLevels;
  readonly mmAsks: FlatLevels;
  readonly sequence: number | null;
  readonly lastUpdated: number | string | null;
}

export type BookParse =
  | { readonly ok: true; readonly book: ParsedBook }
  /** MISSING_SIDE: spec B §5 "drops messages that lack bids or asks"; MALFORMED: anything else wrong. */
  | { readonly ok: false; readonly code: 'MISSING_SIDE' | 'MALFORMED'; readonly reason: string };

const MAX_LEVELS = 5000;

export function normaliseSymbol(pair: string): string {
  return pair.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
}

export function parseBookMessage(input: unknown): BookParse {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return malformed('not an object');
  const m = input as Record<string, unknown>;
  if (typeof m.pair !== 'string' || m.pair.length === 0) return malformed('pair');
  if (!Array.isArray(m.bids) || !Array.isArray(m.asks)) {
    return { ok: false, code: 'MISSING_SIDE', reason: 'bids or asks missing' };
  }
  const bids = parseLevels(m.bids);
  if (!bids) return malformed('bids');
  const asks = parseLevels(m.asks);
  if (!asks) return malformed('asks');

  let mmBids: FlatLevels = EMPTY;
  let mmAsks: FlatLevels = EMPTY;
  const mm = m.market_making;
  if (mm !== undefined && mm !== null) {
    if (typeof mm !== 'object' || Array.isArray(mm)) return malformed('market_making');
    const mmo = mm as Record<string, unknown>;
    if (mmo.bids !== undefined && mmo.bids !== null) {
      if (!Array.isArray(mmo.bids)) return malformed('market_making.bids');
      const l = parseLevels(mmo.bids);
      if (!l) return malformed('market_making.bids');
      mmBids = l;
    }
    if (mmo.asks !== undefined && mmo.asks !== null) {
      if (!Array.isArray(mmo.asks)) return malformed('market_making.asks');
      const l = parseLevels(mmo.asks);
      if (!l) return malformed('market_making.asks');
      mmAsks = l;
    }
  }

  let sequence: number | null = null;
  if (m.sequence !== undefined && m.sequence !== null) {
    if (typeof m.sequence !== 'number' || !Number.isSafeInteger(m.sequence) || m.sequence < 0) return malformed('sequence');
    sequence = m.sequence;
  }
  const lu = m.lastupdated;
  const lastUpdated = typeof lu === 'number' || typeof lu === 'string' ? lu : null;

  return { ok: true, book: { symbol: normaliseSymbol(m.pair), bids, asks, mmBids, mmAsks, sequence, lastUpdated } };
}

const EMPTY: FlatLevels = [];
const MAX_QUANTITY_DECIMALS = 8;
const MAX_PRICE_DECIMALS = 20;

function parseLevels(raw: unknown[]): string[] | null {
  const n = raw.length;
  if (n > MAX_LEVELS) return null;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const level = raw[i];
    if (!Array.isArray(level) || level.length < 2) return null;
    const p = level[0];
    const q = level[1];
    // Quantities carry at most 8 decimals (spec B §9): extra digits are cut, never rounded.
    const price = typeof p === 'string' ? scanDecimal(p, MAX_PRICE_DECIMALS) : canonicalNonNegative(p);
    const quantity = typeof q === 'string' ? scanDecimal(q, MAX_QUANTITY_DECIMALS) : truncate(canonicalNonNegative(q));
    if (price === null || quantity === null) return null;
    const src = level[2];
    if (src !== undefined && src !== null && typeof src !== 'string') return null;
    // A zero quantity in a full book means "no liquidity here": not a level to show.
    if (quantity === '0' || price === '0') continue;
    out.push(price, quantity, (src as string | null | undefined) ?? '');
  }
  return out;
}

function truncate(q: string | null): string | null {
  return q === null ? null : scanDecimal(q, MAX_QUANTITY_DECIMALS);
}

function malformed(reason: string): BookParse {
  return { ok: false, code: 'MALFORMED', reason };
}

import type { Order } from './types';

// The fixed vocabulary (sides, types, tifs, destinations, policies, trail kinds) is mixed in as one
// small code each instead of character by character: hashing is on the fuzz test's hot path.
const WORDS: Readonly<Record<string, number>> = {
  buy: 1,
  sell: 2,
  MARKET: 3,
  LIMIT: 4,
  STOP: 5,
  TRAILING_STOP: 6,
  IOC: 7,
  GTC: 8,
  FOK: 9,
  GTD: 10,
  lit: 11,
  dark: 12,
  CANCEL_RESTING: 13,
  CANCEL_TAKER: 14,
  CANCEL_BOTH: 15,
  ticks: 16,
  bps: 17,
};

/** Two independent 32-bit multiply-xor lanes; a class so V8 inlines the tiny mixing methods. */
class Fingerprint {
  private a = 0x811c9dc5;
  private b = 0x2545f491;

  int32(v: number): void {
    this.a = Math.imul(this.a ^ v, 0x01000193);
    const b = Math.imul(this.b ^ v, 0x5bd1e995);
    this.b = b ^ (b >>> 13);
  }

  num(v: number | null): void {
    if (v === null) {
      this.int32(0x7fffffff);
      this.int32(-1);
      return;
    }
    this.int32(v >>> 0);
    this.int32(Math.floor(v / 4294967296) | 0);
  }

  str(s: string): void {
    this.int32(s.length);
    for (let i = 0; i < s.length; i++) this.int32(s.charCodeAt(i));
  }

  word(s: string | null): void {
    if (s === null) return this.int32(0);
    const code = WORDS[s];
    if (code === undefined) this.str(s);
    else this.int32(-code);
  }

  hex(): string {
    const h = (v: number): string => (v >>> 0).toString(16).padStart(8, '0');
    return h(this.a) + h(this.b);
  }
}

/**
 * A 64-bit fingerprint of a sequence of orders, every field in a fixed order, so two books agree
 * on the hash exactly when `orders()` agree. Not cryptographic: it detects divergence, it does not
 * authenticate state.
 */
export function hashOrders(orders: Iterable<Order>): string {
  const f = new Fingerprint();
  let n = 0;
  for (const o of orders) {
    n++;
    f.str(o.id);
    f.str(o.ownerId);
    f.str(o.clientOrderId);
    f.word(o.side);
    f.word(o.type);
    f.word(o.tif);
    f.word(o.destination);
    f.int32(o.postOnly ? 1 : 0);
    f.num(o.price);
    f.num(o.remaining);
    f.num(o.filled);
    if (o.quoteAmount === null) f.int32(0);
    else f.str(o.quoteAmount.toString());
    f.num(o.expiresAt);
    f.num(o.seq);
    f.word(o.selfTradePolicy);
    const s = o.stop;
    if (s === null) {
      f.int32(0);
    } else {
      f.int32(1);
      f.num(s.triggerPrice);
      f.word(s.trail === null ? null : s.trail.kind);
      f.num(s.trail === null ? null : s.trail.kind === 'ticks' ? s.trail.ticks : s.trail.bps);
      f.num(s.extreme);
      f.num(s.maxSlippageBps);
    }
  }
  f.int32(n);
  return f.hex();
}

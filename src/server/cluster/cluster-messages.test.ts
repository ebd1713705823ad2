import { describe, expect, it } from 'vitest';
import { AppError, appError } from '../errors';
import { decodeError, encodeError, replySchema } from './command-codec';
import type { OrderBookMessageWire } from '../../shared/hub/messages';
import { createMirroredMarketData } from './mirrored-market-data';

const book = (sequence: number, price: string): OrderBookMessageWire => ({
  pair: 'btcusd',
  bids: [[price, '1', null]],
  asks: [],
  sequence,
});

describe('cluster messages', () => {
  it('CORE.cluster.errors-same-code: a core error crosses to the edge with its code, detail and field errors', () => {
    const original = appError('validation_failed', { errors: { price: ['Price is required.'] } });
    const reply = replySchema.parse(JSON.parse(JSON.stringify(encodeError('c1', original))));
    expect(reply.ok).toBe(false);
    const decoded = decodeError((reply as { error: Parameters<typeof decodeError>[0] }).error);
    expect(decoded).toBeInstanceOf(AppError);
    expect(decoded.toProblem()).toEqual(original.toProblem());

    const unknown = encodeError('c2', new Error('disk on fire'));
    expect(unknown).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(unknown)).not.toContain('disk on fire');
    expect(decodeError({ code: 'no_such_code', detail: 'x' }).code).toBe('internal');
  });

  it('API.security.order-rate-limits: an order rate refusal on the core reaches the edge with its Retry-After', () => {
    const original = appError('order_rate_limited', { headers: { 'retry-after': '7' } });
    const reply = replySchema.parse(JSON.parse(JSON.stringify(encodeError('c3', original))));
    const decoded = decodeError((reply as { error: Parameters<typeof decodeError>[0] }).error);
    expect(decoded.toProblem()).toEqual(original.toProblem());
    expect(decoded.headers).toEqual({ 'retry-after': '7' });
    expect(replySchema.safeParse({ id: 'c4', ok: false, error: { code: 'x', detail: 'y', retryAfter: '1; drop' } }).success).toBe(false);
  });

  it('CORE.cluster.same-sequence-every-edge: the mirror passes on what the core sent, keeps the latest, and a late snapshot never overwrites it', () => {
    const mirror = createMirroredMarketData(['btcusd']);
    const seen: number[] = [];
    mirror.subscribe({ book: (b) => seen.push(b.sequence ?? -1) });
    expect(mirror.hasPair('btcusd')).toBe(true);
    expect(mirror.book('btcusd')).toBeNull();

    mirror.applyBook(book(7, '100'));
    mirror.load({ books: [book(5, '90')], tickers: [{ pair: 'btcusd', last: '100' }] });
    expect(mirror.book('btcusd')).toEqual(book(7, '100'));
    expect(mirror.ticker('btcusd')).toEqual({ pair: 'btcusd', last: '100' });

    // A restarted core numbers from the start again: the feed's order wins over the number.
    mirror.applyBook(book(1, '95'));
    expect(mirror.book('btcusd')).toEqual(book(1, '95'));
    expect(seen).toEqual([7, 1]);
  });
});

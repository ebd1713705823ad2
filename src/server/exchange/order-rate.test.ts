import { describe, expect, it } from 'vitest';
import { createOrderRate } from './order-rate';

describe('API.security.order-rate-limits: the per-user order rate the exchange counts', () => {
  const rule = { max: 3, windowMs: 10_000 };

  function setUp() {
    let now = 1_000_000;
    const rate = createOrderRate({ now: () => now });
    return { rate, advance: (ms: number) => (now += ms) };
  }

  it('allows max orders in a window, then refuses with the seconds until the window closes', () => {
    const { rate, advance } = setUp();
    for (let i = 0; i < 3; i++) expect(rate.take('alice', rule)).toEqual({ allowed: true });
    advance(2_500);
    expect(rate.take('alice', rule)).toEqual({ allowed: false, retryAfterSeconds: 8 });
    advance(7_000);
    expect(rate.take('alice', rule)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('opens a new window once the last one closed; refused orders do not stretch it', () => {
    const { rate, advance } = setUp();
    for (let i = 0; i < 5; i++) rate.take('alice', rule);
    advance(10_000);
    for (let i = 0; i < 3; i++) expect(rate.take('alice', rule).allowed).toBe(true);
    expect(rate.take('alice', rule).allowed).toBe(false);
  });

  it('counts each user apart', () => {
    const { rate } = setUp();
    for (let i = 0; i < 4; i++) rate.take('alice', rule);
    expect(rate.take('bob', rule)).toEqual({ allowed: true });
  });
});

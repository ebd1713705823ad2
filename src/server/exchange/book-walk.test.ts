import { describe, expect, it } from 'vitest';
import { createOrderBook } from '../matching';
import { walkBudget, walkLots } from './book-walk';

describe('book walk', () => {
  const book = createOrderBook();
  book.place({ id: 'a', ownerId: 'm', side: 'sell', type: 'LIMIT', price: 100, qty: 5 });
  book.place({ id: 'b', ownerId: 'm', side: 'sell', type: 'LIMIT', price: 101, qty: 5 });
  book.place({ id: 'c', ownerId: 'm', side: 'sell', type: 'LIMIT', price: 102, qty: 5, destination: 'dark' });

  it('CORE.rfq.book-walk: walks lots level by level and says how far it went', () => {
    expect(walkLots(book, 'buy', 7, false)).toEqual({ lots: 7, engineQuote: 100n * 5n + 101n * 2n, worst: 101, orders: 2, levels: 2 });
    expect(walkLots(book, 'buy', 100, false).lots).toBe(10);
    expect(walkLots(book, 'buy', 100, true).lots).toBe(15);
    expect(walkLots(book, 'sell', 1, true).worst).toBeNull();
  });

  it('CORE.rfq.book-walk: a budget buys whole lots, like a market buy by amount', () => {
    expect(walkBudget(book, 100n * 5n + 101n * 2n + 50n, false)).toMatchObject({ lots: 7, engineQuote: 702n, worst: 101 });
    expect(walkBudget(book, 99n, false).lots).toBe(0);
  });
});

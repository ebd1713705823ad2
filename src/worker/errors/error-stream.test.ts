import { describe, expect, test } from 'vitest';
import { ErrorStream } from './error-stream';

function stream() {
  let now = 1000;
  let changes = 0;
  const errors = new ErrorStream({ now: () => now }, () => {
    changes += 1;
  });
  return {
    errors,
    tick: (ms: number) => (now += ms),
    changes: () => changes,
  };
}

describe('error stream (spec B §8)', () => {
  test('B8.errors.latest-five: five different errors are kept, the oldest dropped first', () => {
    const { errors } = stream();
    for (let i = 1; i <= 7; i++) errors.push('CONNECTION_FAILED', `Connection failed: attempt ${i}.`);
    expect(errors.items.map((e) => e.message)).toEqual([3, 4, 5, 6, 7].map((i) => `Connection failed: attempt ${i}.`));
  });

  test('B8.errors.repeat-replaces: an error that repeats one still listed replaces it as the newest, with its new time', () => {
    const { errors, tick, changes } = stream();
    const failed = 'Connection failed: Failed to complete negotiation with the server: TypeError: Failed to fetch.';
    const first = errors.push('CONNECTION_FAILED', failed);
    errors.push('FEEDS_JOIN_FAILED', 'Failed to join feeds [ob.btcusd]: timeout.', ['ob.btcusd']);
    tick(2000);
    const again = errors.push('CONNECTION_FAILED', failed);
    expect(errors.items.map((e) => e.message)).toEqual(['Failed to join feeds [ob.btcusd]: timeout.', failed]);
    expect(again.id).toBeGreaterThan(first.id);
    expect(errors.items.at(-1)).toMatchObject({ id: again.id, at: 3000 });
    expect(changes()).toBe(3);
  });

  test('B8.errors.repeat-replaces: the same text for other feeds, or under another code, is another error', () => {
    const { errors } = stream();
    errors.push('FEEDS_JOIN_FAILED', 'Failed to join feeds: timeout.', ['ob.btcusd']);
    errors.push('FEEDS_JOIN_FAILED', 'Failed to join feeds: timeout.', ['ob.ethusd']);
    errors.push('HUB_ERROR', 'Failed to join feeds: timeout.');
    expect(errors.items).toHaveLength(3);
  });
});

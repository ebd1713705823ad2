import { describe, expect, it } from 'vitest';
import { ClientKeyFilter } from './client-key-filter';

const key = (user: number, id: number) => `u-${user}\u0000${id}`;

describe('client key filter', () => {
  it('CORE.commit.client-key-filter: every key added is reported, across layers as the filter grows', () => {
    const filter = new ClientKeyFilter(1_000);
    for (let u = 0; u < 20; u++) for (let i = 0; i < 500; i++) filter.add(key(u, 100_000 + i));
    expect(filter.stats.keys).toBe(10_000);
    expect(filter.stats.layers).toBeGreaterThan(1);
    for (let u = 0; u < 20; u++) for (let i = 0; i < 500; i++) expect(filter.mightContain(key(u, 100_000 + i))).toBe(true);
  });

  it('CORE.commit.client-key-filter: keys never added are mostly reported absent (about 1 % false positives a layer)', () => {
    const filter = new ClientKeyFilter(1 << 14);
    for (let i = 0; i < 1 << 14; i++) filter.add(key(1, i));
    let positives = 0;
    const probes = 50_000;
    // Same user, neighbouring ids: the keys a busy trader's next orders carry.
    for (let i = 0; i < probes; i++) if (filter.mightContain(key(1, (1 << 14) + i))) positives++;
    expect(positives / probes).toBeLessThan(0.02);
  });

  it('CORE.commit.client-key-filter: clear empties it', () => {
    const filter = new ClientKeyFilter(100);
    for (let i = 0; i < 1_000; i++) filter.add(key(3, i));
    filter.clear();
    expect(filter.stats).toEqual({ keys: 0, bytes: expect.any(Number) as number, layers: 1 });
    let positives = 0;
    for (let i = 0; i < 1_000; i++) if (filter.mightContain(key(3, i))) positives++;
    expect(positives).toBe(0);
  });
});

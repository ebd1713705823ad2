import { describe, expect, it } from 'vitest';
import { nextWarmRange } from './wal-warm-range';

const MB = 1 << 20;

describe('API.commit.checkpointer-reads-ahead: WAL warming range', () => {
  it('CORE.db.wal-warming: reads from the page holding the writer position to the distance ahead', () => {
    expect(nextWarmRange(10_000, { from: 0, to: 0 }, 8 * MB, 64 * MB)).toEqual({
      readFrom: 8192,
      warmed: { from: 8192, to: 10_000 + 8 * MB },
    });
  });

  it('CORE.db.wal-warming: reads each byte once per round: only what the writer moved on by', () => {
    const first = nextWarmRange(0, { from: 0, to: 0 }, 8 * MB, 64 * MB)!;
    const next = nextWarmRange(3 * MB, first.warmed, 8 * MB, 64 * MB)!;
    expect(next.readFrom).toBe(8 * MB);
    expect(next.warmed).toEqual({ from: 0, to: 11 * MB });
    expect(nextWarmRange(3 * MB, next.warmed, 8 * MB, 64 * MB)).toBeNull();
  });

  it('CORE.db.wal-warming: stops at the end of the file: past it the writer appends and reads nothing back', () => {
    expect(nextWarmRange(60 * MB, { from: 0, to: 0 }, 8 * MB, 64 * MB)!.warmed.to).toBe(64 * MB);
    expect(nextWarmRange(64 * MB, { from: 60 * MB, to: 64 * MB }, 8 * MB, 64 * MB)).toBeNull();
  });

  it('CORE.db.wal-warming: a WAL that started over starts a new round from its beginning', () => {
    const r = nextWarmRange(32, { from: 40 * MB, to: 48 * MB }, 8 * MB, 64 * MB)!;
    expect(r).toEqual({ readFrom: 0, warmed: { from: 0, to: 32 + 8 * MB } });
  });

  it('CORE.db.wal-warming: a writer that outran the warmed range starts a new round where it is', () => {
    const r = nextWarmRange(20 * MB, { from: 0, to: 8 * MB }, 8 * MB, 64 * MB)!;
    expect(r).toEqual({ readFrom: 20 * MB, warmed: { from: 20 * MB, to: 28 * MB } });
  });
});

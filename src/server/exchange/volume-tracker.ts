import { UNIT } from '../../shared/money/units';
import { volumeRules } from '../../shared/constants';

// Rolling traded volume per user, in USD-equivalent units, kept as daily buckets so the fee
// tier (14 days) and the due-diligence rule (30 days) are sums of a few numbers. The buckets
// are written with each batch (volume_days) and the last 30 days' loaded at start.

export const DAY_MS = 86_400_000;
/** The fee tier's window (spec B §9). */
export const VOLUME_WINDOW_DAYS = 14;
/** The longest window anything reads (the EDD rule's 30 days): older buckets are dropped. */
export const VOLUME_RETENTION_DAYS = 30;

export function dayStart(at: number): number {
  return at - (((at % DAY_MS) + DAY_MS) % DAY_MS);
}

/** The first day bucket of a window of `days` days ending today. */
export function windowStart(now: number, days: number): number {
  return dayStart(now) - (days - 1) * DAY_MS;
}

export class VolumeTracker {
  private readonly days = new Map<string, Map<number, bigint>>();
  private readonly dirty = new Map<string, { userId: string; day: number }>();

  load(userId: string, day: number, usd: bigint): void {
    this.buckets(userId).set(day, usd);
  }

  add(userId: string, at: number, usd: bigint): void {
    if (usd <= 0n) return;
    const day = dayStart(at);
    const buckets = this.buckets(userId);
    buckets.set(day, (buckets.get(day) ?? 0n) + usd);
    this.dirty.set(`${userId} ${day}`, { userId, day });
  }

  /** Volume of today and the days - 1 before it (by default the fee tier's 14 days). */
  volume(userId: string, now: number, days: number = VOLUME_WINDOW_DAYS): bigint {
    const buckets = this.days.get(userId);
    if (!buckets) return 0n;
    const from = windowStart(now, days);
    const kept = windowStart(now, VOLUME_RETENTION_DAYS);
    let sum = 0n;
    for (const [day, usd] of buckets) {
      if (day >= from) sum += usd;
      else if (day < kept) buckets.delete(day);
    }
    return sum;
  }

  drainChanges(): { userId: string; day: number; usd: bigint }[] {
    const out = [...this.dirty.values()].map(({ userId, day }) => ({ userId, day, usd: this.days.get(userId)?.get(day) ?? 0n }));
    this.dirty.clear();
    return out;
  }

  private buckets(userId: string): Map<number, bigint> {
    let b = this.days.get(userId);
    if (!b) {
      b = new Map();
      this.days.set(userId, b);
    }
    return b;
  }
}

/** Spec B §9: USD and the stablecoins count as 1 USD. */
export function isUsdLike(currency: string): boolean {
  const c = currency.toLowerCase();
  return c === 'usd' || volumeRules.stablecoins.includes(c);
}

/**
 * USD equivalent of `amount` units of `currency`: itself when USD-like, else through the last
 * price of a pair of that currency against a USD-like quote (spec B §9); 0 when none has traded.
 */
export function usdValue(currency: string, amount: bigint, lastPriceAgainstUsd: (currency: string) => bigint | null): bigint {
  if (isUsdLike(currency)) return amount;
  const price = lastPriceAgainstUsd(currency);
  return price === null ? 0n : (amount * price) / UNIT;
}

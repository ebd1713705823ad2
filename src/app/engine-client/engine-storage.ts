import { storageKeys } from '../../shared/constants';

// What the engine persists through the main thread (the worker has no localStorage): the
// deliberately-left feed set and the selected pair (spec B §4).

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readLeftFeeds(storage: StorageLike | null): string[] {
  try {
    const raw = storage?.getItem(storageKeys.intentionallyLeftFeeds);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

export function writeLeftFeeds(storage: StorageLike | null, feeds: readonly string[]): void {
  try {
    if (feeds.length === 0) storage?.removeItem(storageKeys.intentionallyLeftFeeds);
    else storage?.setItem(storageKeys.intentionallyLeftFeeds, JSON.stringify(feeds));
  } catch {
    // Private mode or a full quota: the set then lives for this page only.
  }
}

export function readPair(storage: StorageLike | null): { base?: string; quote?: string } {
  try {
    const base = storage?.getItem(storageKeys.baseCurrency) ?? undefined;
    const quote = storage?.getItem(storageKeys.quoteCurrency) ?? undefined;
    return base && quote ? { base, quote } : {};
  } catch {
    return {};
  }
}

export function writePair(storage: StorageLike | null, base: string, quote: string): void {
  try {
    storage?.setItem(storageKeys.baseCurrency, base);
    storage?.setItem(storageKeys.quoteCurrency, quote);
  } catch {
    // As above.
  }
}

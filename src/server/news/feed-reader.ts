import type { NewsStore } from './news-store';
import { parseFeed } from './feed-parser';
import { systemTimers, type Timers } from '../time/timers';

// Reads NEWS_FEED_URL now and then on a schedule. Timers and fetch are injected so the schedule
// is tested without waiting. A failed read keeps the items the store has.

/** Largest feed read; anything longer is refused rather than parsed. */
export const MAX_FEED_BYTES = 2 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;

export interface FeedReaderOptions {
  url: string;
  intervalMs: number;
  store: NewsStore;
  /** Default: the system's (unref'd: a pending read never keeps the process alive). */
  timers?: Timers;
  fetch?: typeof fetch;
  onError?(error: unknown): void;
}

export function createFeedReader(o: FeedReaderOptions) {
  const timers = o.timers ?? systemTimers;
  const doFetch = o.fetch ?? fetch;
  let handle: unknown = null;
  let stopped = false;

  async function readOnce(): Promise<void> {
    const controller = new AbortController();
    const timeout = timers.setTimeout(() => controller.abort(), FETCH_TIMEOUT_MS);
    try {
      const res = await doFetch(o.url, {
        signal: controller.signal,
        headers: { accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml' },
        redirect: 'follow',
      });
      if (!res.ok) throw new Error(`news feed answered ${res.status}`);
      const declared = Number(res.headers.get('content-length') ?? 0);
      if (declared > MAX_FEED_BYTES) throw new Error('news feed too large');
      const body = await res.text();
      if (body.length > MAX_FEED_BYTES) throw new Error('news feed too large');
      const items = parseFeed(body);
      if (items.length > 0) o.store.replace(items);
    } catch (error) {
      o.onError?.(error);
    } finally {
      timers.clearTimeout(timeout);
    }
  }

  function schedule(): void {
    if (stopped) return;
    handle = timers.setTimeout(() => {
      void readOnce().finally(schedule);
    }, o.intervalMs);
  }

  return {
    readOnce,
    /** Reads now, then every intervalMs after each read ends. */
    start(): Promise<void> {
      stopped = false;
      return readOnce().finally(schedule);
    },
    stop(): void {
      stopped = true;
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
    },
  };
}

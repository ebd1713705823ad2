import type { NewsItem } from '../../shared/api/news';

// The news the server answers with: the seeded items until a feed has been read, then the
// feed's. Snapshots are replaced whole, so a reader never sees half a feed.

/** Most items kept (newest first). */
export const MAX_NEWS_ITEMS = 200;

export interface NewsStore {
  list(): readonly NewsItem[];
  replace(items: readonly NewsItem[]): void;
}

export function createNewsStore(initial: readonly NewsItem[]): NewsStore {
  const sorted = (items: readonly NewsItem[]) =>
    [...items].sort((a, b) => Date.parse(b.publish_date) - Date.parse(a.publish_date)).slice(0, MAX_NEWS_ITEMS);
  let items = sorted(initial);
  return {
    list: () => items,
    replace(next) {
      items = sorted(next);
    },
  };
}

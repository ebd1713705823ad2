import type { FastifyInstance } from 'fastify';
import { newsListSchema } from '../../shared/api/news';
import { paths } from '../../shared/api/paths';
import type { AppContext } from '../context';
import { defineRoute } from '../http/route';
import { createFeedReader } from './feed-reader';
import { createNewsStore, type NewsStore } from './news-store';
import { seedNews } from './seed-news';

/** Spec A §7 news call; the store starts with the seeded items and follows NEWS_FEED_URL when set. */
export function registerNews(app: FastifyInstance, ctx: AppContext, store: NewsStore = createNewsStore(seedNews)): NewsStore {
  const { authenticator, config } = ctx;
  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.news,
    auth: true,
    response: newsListSchema,
    async handler() {
      return { data: [...store.list()] };
    },
  });

  if (config.newsFeedUrl) {
    const reader = createFeedReader({
      url: config.newsFeedUrl,
      intervalMs: config.newsFeedIntervalMs,
      store,
      onError: (error) => app.log.warn({ err: error }, 'news feed read failed; keeping the current items'),
    });
    app.addHook('onReady', async () => {
      void reader.start();
    });
    app.addHook('onClose', async () => reader.stop());
  }
  return store;
}

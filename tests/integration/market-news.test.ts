import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newsListSchema } from '../../src/shared/api/news';
import { createFeedReader } from '../../src/server/news/feed-reader';
import { ManualTimers } from '../../src/server/time/manual-timers';
import { createNewsStore } from '../../src/server/news/news-store';
import { seedNews } from '../../src/server/news/seed-news';
import { ok, startExchangeApp, trader, type TestApp } from './exchange-harness';
import { describeEachStore } from '../support/postgres';

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

  /** A local feed server: path → [status, content type, body]. */
  let server: Server;
  let base: string;
  let answers: Record<string, [number, string, string]>;
  beforeEach(async () => {
    answers = {};
    server = createServer((req, res) => {
      const a = answers[req.url ?? ''] ?? [404, 'text/plain', 'no'];
      res.writeHead(a[0], { 'content-type': a[1] }).end(a[2]);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise((r) => server.close(r));
  });

  describe('news feed reader', () => {
    it('API.news.feed-reader: reads an RSS feed from a local server: titles keep their markup, javascript: links and undated items are dropped', async () => {
      answers['/rss'] = [200, 'application/rss+xml', fixture('news-feed.rss.xml')];
      const store = createNewsStore(seedNews);
      const timers = new ManualTimers();
      await createFeedReader({ url: `${base}/rss`, intervalMs: 60_000, store, timers }).readOnce();
      expect(store.list()).toEqual([
        {
          link: 'https://news.example.com/stablecoins',
          title: 'Stablecoin <strong>supply</strong> grows',
          publish_date: '2024-12-11T08:30:00.000Z',
        },
        {
          link: 'https://news.example.com/btc-rallies',
          title: 'BTC <em>rallies</em> past resistance',
          publish_date: '2024-12-10T10:00:00.000Z',
        },
      ]);
    });

    it('API.news.feed-reader: reads an Atom feed (alternate links, published or updated) on a schedule; a failed read keeps the items', async () => {
      answers['/atom'] = [200, 'application/atom+xml', fixture('news-feed.atom.xml')];
      const store = createNewsStore([]);
      const timers = new ManualTimers();
      const errors: unknown[] = [];
      const reader = createFeedReader({ url: `${base}/atom`, intervalMs: 900_000, store, timers, onError: (e) => errors.push(e) });
      await reader.start();
      expect(store.list().map((i) => [i.link, i.title, i.publish_date])).toEqual([
        ['https://chain.example.org/ether-upgrade', 'Ether <em>upgrade</em> scheduled', '2024-12-12T18:30:02.000Z'],
        ['http://chain.example.org/fees', 'Fees fall on layer two', '2024-12-01T07:00:00.000Z'],
      ]);
      // The next read waits for the interval; when it fails, the store keeps what it had.
      expect(timers.pending).toBe(1);
      answers['/atom'] = [500, 'text/plain', 'down'];
      timers.advance(900_000);
      await new Promise((r) => setTimeout(r, 200));
      expect(errors).toHaveLength(1);
      expect(store.list()).toHaveLength(2);
      // And it schedules itself again; stop() clears it.
      expect(timers.pending).toBe(1);
      reader.stop();
      expect(timers.pending).toBe(0);
    });

    it('API.news.feed-reader: a page that is not a feed is an error and changes nothing', async () => {
      answers['/html'] = [200, 'text/html', '<html><body>hi</body></html>'];
      const store = createNewsStore(seedNews);
      const errors: unknown[] = [];
      await createFeedReader({
        url: `${base}/html`,
        intervalMs: 1,
        store,
        timers: new ManualTimers(),
        onError: (e) => errors.push(e),
      }).readOnce();
      expect(errors).toHaveLength(1);
      expect(store.list()).toHaveLength(seedNews.length);
    });
  });

  describe('GET /v1/exchange/market-data/news', () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await startExchangeApp({ store });
    });
    afterEach(async () => {
      await t.close();
    });

    it('API.news.seeded, API.news.list, A7.market.news: the seeded items newest first with link, title and publish_date; a login is needed', async () => {
      const alice = await trader(t);
      const news = newsListSchema.parse(ok(await alice.get('/v1/exchange/market-data/news')));
      expect(news).toHaveLength(seedNews.length);
      const dates = news.map((n) => Date.parse(n.publish_date));
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
      for (const n of news) expect(n.link).toMatch(/^https?:\/\//);
      const anonymous = await t.app.inject({ method: 'GET', url: '/v1/exchange/market-data/news', headers: { 'x-auth-method': 'cookie' } });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});

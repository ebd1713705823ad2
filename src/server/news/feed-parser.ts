import { XMLParser } from 'fast-xml-parser';
import type { NewsItem } from '../../shared/api/news';
import { MAX_NEWS_ITEMS } from './news-store';

// RSS 2.0 and Atom into news items. Only http(s) links are kept (a feed is outside input: a
// javascript: link must never reach a page), titles stay as the feed wrote them (they may carry
// markup; the web app sanitises), and items without a usable date are dropped.

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  // Entities beyond the XML five stay text: no expansion attacks, no external entities.
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => name === 'item' || name === 'entry' || name === 'link',
});

const MAX_TITLE = 1000;

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && '#text' in value) return text((value as { '#text': unknown })['#text']);
  return '';
}

export function safeLink(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function item(title: string, link: string | null, date: string): NewsItem | null {
  const ms = Date.parse(date.trim());
  const t = title.trim().slice(0, MAX_TITLE);
  if (!link || !t || Number.isNaN(ms)) return null;
  return { link, title: t, publish_date: new Date(ms).toISOString() };
}

function atomLink(links: unknown): string | null {
  const list = Array.isArray(links) ? (links as Record<string, unknown>[]) : [];
  const alternate = list.find((l) => typeof l === 'object' && l !== null && (l['@rel'] === undefined || l['@rel'] === 'alternate'));
  const href = alternate?.['@href'];
  return typeof href === 'string' ? safeLink(href) : null;
}

/** The feed's items, newest first; throws when the text is neither RSS nor Atom. */
export function parseFeed(xml: string): NewsItem[] {
  const doc = parser.parse(xml) as Record<string, unknown>;
  const out: NewsItem[] = [];
  const rss = doc.rss as { channel?: { item?: Record<string, unknown>[] } } | undefined;
  const atom = doc.feed as { entry?: Record<string, unknown>[] } | undefined;
  if (rss?.channel) {
    for (const i of rss.channel.item ?? []) {
      const link = Array.isArray(i.link) ? text(i.link[0]) : text(i.link);
      const made = item(text(i.title), safeLink(link), text(i.pubDate ?? i['dc:date']));
      if (made) out.push(made);
    }
  } else if (atom) {
    for (const e of atom.entry ?? []) {
      const made = item(text(e.title), atomLink(e.link), text(e.published ?? e.updated));
      if (made) out.push(made);
    }
  } else {
    throw new Error('not an RSS or Atom feed');
  }
  return out.sort((a, b) => Date.parse(b.publish_date) - Date.parse(a.publish_date)).slice(0, MAX_NEWS_ITEMS);
}

import { useState } from 'react';
import { newsListSchema, type NewsItem } from '../../../shared/api/news';
import { paths } from '../../../shared/api/paths';
import { accountLimits } from '../../../shared/constants';
import { createResource } from '../../data/resource';
import { http } from '../../http/client';
import { useResource } from '../../hooks/useResource';
import { clampPage, pageCount, pagePills } from './news-pages';
import { safeNewsLink, sanitiseTitle } from './news-title';
import './news.css';

// Spec A §2 "Market News", §3 "News item", §4 "News".
const mediumDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

async function fetchNews(signal: AbortSignal): Promise<NewsItem[]> {
  try {
    return await http.get(paths.news, { schema: newsListSchema, silent: true, signal });
  } catch (error) {
    // Spec A §8: a failed load is logged and shows the empty state.
    if (!signal.aborted) console.error('Loading news failed', error);
    return [];
  }
}

function NewsCard({ item, index }: { item: NewsItem; index: number }) {
  const href = safeNewsLink(item.link);
  const ms = Date.parse(item.publish_date);
  return (
    <li className={`news-card news-card-${index % accountLimits.newsCardStyles}`}>
      <a href={href} target="_blank" rel="noopener noreferrer" className="news-card-link">
        <span className="news-badge">News</span>
        <span className="news-title" dangerouslySetInnerHTML={{ __html: sanitiseTitle(item.title) }} />
        <time className="news-date" dateTime={Number.isNaN(ms) ? undefined : new Date(ms).toISOString()}>
          {Number.isNaN(ms) ? item.publish_date : mediumDate.format(ms)}
        </time>
      </a>
    </li>
  );
}

export default function NewsPage() {
  const [news] = useState(() => createResource(fetchNews));
  const state = useResource(news);
  const [page, setPage] = useState(1);
  const items = state.data ?? [];
  const pages = pageCount(items.length);
  const current = clampPage(page, pages);
  const shown = items.slice((current - 1) * accountLimits.newsPageSize, current * accountLimits.newsPageSize);

  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">Market News</h1>
      </header>
      {state.status !== 'success' ? (
        <div className="news-loading" role="status">
          <div className="spinner" aria-hidden="true" />
          <p>Loading news...</p>
        </div>
      ) : items.length === 0 ? (
        <p className="empty muted">No market news available at the moment. Please check back later.</p>
      ) : (
        <>
          <ul className="news-grid" aria-label={`News, page ${current} of ${pages}`}>
            {shown.map((item, i) => (
              <NewsCard key={`${item.link}|${item.publish_date}`} item={item} index={(current - 1) * accountLimits.newsPageSize + i} />
            ))}
          </ul>
          {pages > 1 && (
            <nav className="news-pagination" aria-label="News pages">
              <button
                type="button"
                className="btn btn-ghost btn-small"
                disabled={current === 1}
                onClick={() => setPage(clampPage(current - 1, pages))}
              >
                Previous
              </button>
              {pagePills(current, pages).map((pill) =>
                typeof pill === 'number' ? (
                  <button
                    type="button"
                    key={pill}
                    className={`btn btn-small ${pill === current ? 'btn-primary' : 'btn-secondary'}`}
                    aria-current={pill === current ? 'page' : undefined}
                    aria-label={`Page ${pill}`}
                    onClick={() => setPage(pill)}
                  >
                    {pill}
                  </button>
                ) : (
                  <span key={pill} className="news-ellipsis" aria-hidden="true">
                    …
                  </span>
                ),
              )}
              <button
                type="button"
                className="btn btn-ghost btn-small"
                disabled={current === pages}
                onClick={() => setPage(clampPage(current + 1, pages))}
              >
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

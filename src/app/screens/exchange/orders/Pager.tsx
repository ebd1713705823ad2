import { pageCount } from './paging';

interface PagerProps {
  readonly total: number;
  readonly page: number;
  readonly onPage: (page: number) => void;
  /** Names the table the pager belongs to, for screen readers. */
  readonly label: string;
}

/** Spec B §2: «, » and the page numbers; nothing at all when everything fits on one page. */
export default function Pager({ total, page, onPage, label }: PagerProps) {
  const pages = pageCount(total);
  if (pages <= 1) return null;
  const numbers = Array.from({ length: pages }, (_, i) => i + 1);
  return (
    <nav className="ex-pager" aria-label={`${label} pages`}>
      <button type="button" className="ex-page-btn" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label="Previous page">
        «
      </button>
      {numbers.map((n) => (
        <button
          key={n}
          type="button"
          className="ex-page-btn"
          onClick={() => onPage(n)}
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Page ${n}`}
        >
          {n}
        </button>
      ))}
      <button type="button" className="ex-page-btn" onClick={() => onPage(page + 1)} disabled={page >= pages} aria-label="Next page">
        »
      </button>
    </nav>
  );
}

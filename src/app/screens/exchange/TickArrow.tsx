import type { OrderBookView } from '../../../worker/public';

/** ▲ / ▼ for the direction of the last mid change; the word is there for screen readers. */
export default function TickArrow({ tick }: { tick: OrderBookView['tick'] }) {
  if (!tick) return null;
  return (
    <span className={`ex-tick ex-tick-${tick}`}>
      <span aria-hidden="true">{tick === 'up' ? '▲' : '▼'}</span>
      <span className="ex-sr-only">{tick === 'up' ? 'up' : 'down'}</span>
    </span>
  );
}

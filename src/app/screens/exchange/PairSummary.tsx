import { memo, type ReactNode } from 'react';
import type { OrderBookView, PairRow } from '../../../worker/public';
import ChangePercent from './ChangePercent';
import { formatPrice, PLACEHOLDER, priceDecimals } from './format/decimal-text';
import TickArrow from './TickArrow';

interface PairSummaryProps {
  readonly row: PairRow | null;
  readonly mid: OrderBookView['mid'];
  readonly tick: OrderBookView['tick'];
  readonly base: string;
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ex-stat">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Spec B §2 selector header figures: mid, 24 h change, 24 h volume (≈ USD) and the low–high range. */
function PairSummary({ row, mid, tick, base }: PairSummaryProps) {
  const rangeDecimals = priceDecimals([row?.last ?? row?.low, row?.low, row?.high]);
  return (
    <dl className="ex-pair-stats">
      <Stat label="Mid price">
        <span className={`num ex-mid-price${tick ? ` ex-tick-${tick}` : ''}`}>
          {formatPrice(mid)}
          <TickArrow tick={tick} />
        </span>
      </Stat>
      <Stat label="24h Change">
        <ChangePercent value={row?.changePct ?? null} />
      </Stat>
      <Stat label="24h Volume">
        {row?.volumeLabel ? (
          <span className="num">
            {row.volumeLabel} {base}
            {row.volumeUsdLabel ? <span className="muted"> (≈ {row.volumeUsdLabel})</span> : null}
          </span>
        ) : (
          PLACEHOLDER
        )}
      </Stat>
      <Stat label="24h Low – High">
        <span className="num">
          {formatPrice(row?.low, rangeDecimals)} – {formatPrice(row?.high, rangeDecimals)}
        </span>
      </Stat>
    </dl>
  );
}

export default memo(PairSummary);

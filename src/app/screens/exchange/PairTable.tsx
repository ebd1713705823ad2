import { memo, type KeyboardEvent } from 'react';
import { tradingTexts } from '../../../shared/messages';
import type { PairRow, PairsView, SortColumn } from '../../../worker/public';
import ChangePercent from './ChangePercent';
import { formatPrice, PLACEHOLDER } from './format/decimal-text';
import { stepFocus } from '../../keyboard/step-focus';

interface PairTableProps {
  readonly pairs: PairsView;
  readonly selectedSymbol: string;
  readonly onSelect: (row: PairRow) => void;
  readonly onSort: (column: SortColumn) => void;
}

const COLUMNS: readonly { column: SortColumn; label: string; numeric: boolean }[] = [
  { column: 'pair', label: 'Pair', numeric: false },
  { column: 'price', label: 'Price', numeric: true },
  { column: 'change', label: '24h Change', numeric: true },
  { column: 'volume', label: 'Volume', numeric: true },
];

/** Spec B §2: which of the three empty messages applies, or null when there are rows. */
export function pairTableMessage(pairs: PairsView): string | null {
  if (pairs.rows.length > 0) return null;
  if (pairs.all.length === 0) {
    return pairs.status === 'loading' || pairs.status === 'idle' ? tradingTexts.loadingMarketData : tradingTexts.noMarketData;
  }
  return tradingTexts.noPairsMatching;
}

const PairTableRow = memo(function PairTableRow({
  row,
  current,
  onSelect,
}: {
  row: PairRow;
  current: boolean;
  onSelect: (row: PairRow) => void;
}) {
  const baseVolume = row.volumeLabel ? `${row.volumeLabel} ${row.base}` : undefined;
  return (
    <tr className={current ? 'is-current' : undefined} onClick={() => onSelect(row)}>
      <th scope="row">
        <button
          type="button"
          className="ex-pair-option"
          aria-current={current ? 'true' : undefined}
          onClick={(event) => {
            // The row's own click handler selects; keep it to one call.
            event.stopPropagation();
            onSelect(row);
          }}
        >
          {row.formattedSymbol}
        </button>
      </th>
      <td className="num">{formatPrice(row.last)}</td>
      <td className="num">
        <ChangePercent value={row.changePct} />
      </td>
      {/* The table sorts volumes by their USD worth (pairs of different bases compare), so that
          is what the column shows; the base amount is in the title. */}
      <td className="num" title={row.volumeUsdLabel ? baseVolume : undefined}>
        {row.volumeUsdLabel ? `≈ ${row.volumeUsdLabel}` : (baseVolume ?? PLACEHOLDER)}
      </td>
    </tr>
  );
});

/** Arrow keys move between the pair buttons, so the list works without a pointer. */
function onArrowKeys(event: KeyboardEvent<HTMLTableSectionElement>) {
  stepFocus(event, [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button.ex-pair-option')]);
}

export default function PairTable({ pairs, selectedSymbol, onSelect, onSort }: PairTableProps) {
  const message = pairTableMessage(pairs);
  return (
    <table className="table ex-table ex-pair-table">
      <thead>
        <tr>
          {COLUMNS.map(({ column, label, numeric }) => {
            const direction = pairs.sort?.column === column ? pairs.sort.direction : null;
            return (
              <th
                key={column}
                scope="col"
                className={numeric ? 'num' : undefined}
                aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
              >
                <button type="button" className="ex-sort" onClick={() => onSort(column)}>
                  {label}
                  <span className="ex-sort-arrow" aria-hidden="true">
                    {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : ''}
                  </span>
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody onKeyDown={onArrowKeys}>
        {message ? (
          <tr className="ex-message-row">
            <td colSpan={COLUMNS.length} className="muted" role="status">
              {message}
            </td>
          </tr>
        ) : (
          pairs.rows.map((row) => <PairTableRow key={row.symbol} row={row} current={row.symbol === selectedSymbol} onSelect={onSelect} />)
        )}
      </tbody>
    </table>
  );
}

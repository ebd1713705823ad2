import { useId, useRef } from 'react';
import { transactionLimits } from '../../../shared/constants';
import {
  emptyFilter,
  isEmptyFilter,
  pendingAvailable,
  withTypes,
  type CurrencyChoice,
  type FilterErrors,
  type TransactionFilterForm,
} from './transaction-filter';
import TypesSelect from './TypesSelect';
import { BusyButton } from '../../forms/BusyButton';

interface Props {
  value: TransactionFilterForm;
  errors: FilterErrors;
  today: string;
  onChange(next: TransactionFilterForm): void;
  onExport(): void;
  exporting: boolean;
}

/** Spec B §2 filter bar; the rules live in transaction-filter.ts. */
export default function TransactionFilterBar({ value, errors, today, onChange, onExport, exporting }: Props) {
  const id = useId();
  const fromInput = useRef<HTMLInputElement>(null);
  const canPending = pendingAvailable(value.types);
  return (
    <form className="tx-filter" role="search" aria-label="Transaction filter" onSubmit={(e) => e.preventDefault()}>
      <div className="field">
        <label htmlFor={`${id}-from`}>From</label>
        <input
          ref={fromInput}
          id={`${id}-from`}
          type="date"
          value={value.from}
          max={value.to || today}
          aria-invalid={errors.from ? true : undefined}
          aria-describedby={errors.from ? `${id}-from-error` : undefined}
          onChange={(e) => onChange({ ...value, from: e.target.value })}
        />
        {errors.from && (
          <p className="field-error" id={`${id}-from-error`}>
            {errors.from}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>To</label>
        <input
          id={`${id}-to`}
          type="date"
          value={value.to}
          min={value.from || undefined}
          aria-invalid={errors.to ? true : undefined}
          aria-describedby={errors.to ? `${id}-to-error` : undefined}
          onChange={(e) => onChange({ ...value, to: e.target.value })}
        />
        {errors.to && (
          <p className="field-error" id={`${id}-to-error`}>
            {errors.to}
          </p>
        )}
      </div>
      <TypesSelect value={value.types} onChange={(types) => onChange(withTypes(value, types))} />
      <div className="field">
        <label htmlFor={`${id}-currency`}>Currency</label>
        <select
          id={`${id}-currency`}
          value={value.currency}
          onChange={(e) => onChange({ ...value, currency: e.target.value as CurrencyChoice })}
        >
          {transactionLimits.currencyFilter.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="tx-filter-toggle">
        <label title={canPending ? undefined : 'Only with deposit and/or withdraw selected'}>
          <input
            type="checkbox"
            role="switch"
            checked={value.pending}
            disabled={!canPending}
            aria-describedby={canPending ? undefined : `${id}-pending-note`}
            onChange={(e) => onChange({ ...value, pending: e.target.checked })}
          />{' '}
          Pending only
        </label>
        {!canPending && (
          <span className="muted tx-filter-note" id={`${id}-pending-note`}>
            With deposit or withdraw types
          </span>
        )}
      </div>
      <div className="tx-filter-actions">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={isEmptyFilter(value)}
          onClick={() => {
            onChange(emptyFilter);
            // Reset is disabled once the filter is empty; the keyboard starts the filter again.
            fromInput.current?.focus();
          }}
        >
          Reset
        </button>
        <BusyButton className="btn btn-ghost" busy={exporting} onClick={onExport}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </BusyButton>
      </div>
    </form>
  );
}

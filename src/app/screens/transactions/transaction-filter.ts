import { transactionLimits } from '../../../shared/constants';

// Spec B §4 "Transactions page" and §5 "Transaction filter": the filter form's rules, pure so
// they are tested apart from the screen.

export type TransactionType = (typeof transactionLimits.types)[number];
export type CurrencyChoice = (typeof transactionLimits.currencyFilter)[number];

export interface TransactionFilterForm {
  /** yyyy-mm-dd from the date input, '' when empty. */
  from: string;
  to: string;
  types: readonly TransactionType[];
  currency: CurrencyChoice;
  pending: boolean;
}

export const emptyFilter: TransactionFilterForm = { from: '', to: '', types: [], currency: 'ALL', pending: false };

const TRANSFERS: readonly TransactionType[] = ['deposit', 'withdraw'];

/** The pending toggle is offered only when the selected types are deposit and/or withdraw alone. */
export function pendingAvailable(types: readonly TransactionType[]): boolean {
  return types.length > 0 && types.every((t) => TRANSFERS.includes(t));
}

/** A new type selection; pending falls back to false when it is no longer available. */
export function withTypes(form: TransactionFilterForm, types: readonly TransactionType[]): TransactionFilterForm {
  return { ...form, types, pending: pendingAvailable(types) ? form.pending : false };
}

/** Reset is disabled while the form is empty. */
export function isEmptyFilter(form: TransactionFilterForm): boolean {
  return form.from === '' && form.to === '' && form.types.length === 0 && form.currency === 'ALL' && !form.pending;
}

export interface FilterErrors {
  from?: string;
  to?: string;
}

/** From not after To (or after today when To is empty); To not before From. `today` is yyyy-mm-dd. */
export function filterErrors(form: TransactionFilterForm, today: string): FilterErrors {
  const errors: FilterErrors = {};
  if (form.from && form.to && form.from > form.to) {
    errors.from = 'From cannot be after To.';
    errors.to = 'To cannot be before From.';
  } else if (form.from && !form.to && form.from > today) {
    errors.from = 'From cannot be after today.';
  }
  return errors;
}

/** The local calendar day of `ms` as yyyy-mm-dd (what a date input holds). */
export function localDay(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function dayStart(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!).getTime();
}

export interface TransactionListQuery {
  from?: number;
  to?: number;
  types?: string;
  pending?: boolean;
  currency?: string;
}

/** The list call's query: whole local days, inclusive; only what is set. */
export function toQuery(form: TransactionFilterForm): TransactionListQuery {
  const q: TransactionListQuery = {};
  if (form.from) q.from = dayStart(form.from);
  if (form.to) q.to = dayStart(form.to) + 86_400_000 - 1;
  if (form.types.length > 0) q.types = form.types.join(',');
  if (form.pending && pendingAvailable(form.types)) q.pending = true;
  if (form.currency !== 'ALL') q.currency = form.currency;
  return q;
}

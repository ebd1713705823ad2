import { describe, expect, it } from 'vitest';
import { emptyFilter, filterErrors, isEmptyFilter, pendingAvailable, toQuery, withTypes } from './transaction-filter';

describe('transaction filter rules', () => {
  it('B4.transactions.pending-only-transfers: pending is offered for deposit and/or withdraw alone', () => {
    expect(pendingAvailable([])).toBe(false);
    expect(pendingAvailable(['deposit'])).toBe(true);
    expect(pendingAvailable(['withdraw'])).toBe(true);
    expect(pendingAvailable(['deposit', 'withdraw'])).toBe(true);
    expect(pendingAvailable(['deposit', 'buy'])).toBe(false);
    expect(pendingAvailable(['charge'])).toBe(false);
  });

  it('B4.transactions.pending-resets: selecting another type resets pending to false; staying within transfers keeps it', () => {
    const on = { ...withTypes(emptyFilter, ['deposit']), pending: true };
    expect(withTypes(on, ['deposit', 'withdraw']).pending).toBe(true);
    expect(withTypes(on, ['deposit', 'sell']).pending).toBe(false);
    expect(withTypes(on, []).pending).toBe(false);
    // A stale pending flag never reaches the query either.
    expect(toQuery({ ...emptyFilter, types: ['buy'], pending: true }).pending).toBeUndefined();
  });

  it('B5.transaction-filter.reset-disabled-empty: the form is empty only with no dates, no types, ALL and pending off', () => {
    expect(isEmptyFilter(emptyFilter)).toBe(true);
    expect(isEmptyFilter({ ...emptyFilter, from: '2025-01-01' })).toBe(false);
    expect(isEmptyFilter({ ...emptyFilter, to: '2025-01-01' })).toBe(false);
    expect(isEmptyFilter({ ...emptyFilter, types: ['buy'] })).toBe(false);
    expect(isEmptyFilter({ ...emptyFilter, currency: 'BTC' })).toBe(false);
  });

  it('B5.transaction-filter.from-not-after-to: From after To, or after today with no To, is an error', () => {
    const today = '2025-06-15';
    expect(filterErrors({ ...emptyFilter, from: '2025-06-10', to: '2025-06-01' }, today).from).toBe('From cannot be after To.');
    expect(filterErrors({ ...emptyFilter, from: '2025-06-16' }, today).from).toBe('From cannot be after today.');
    expect(filterErrors({ ...emptyFilter, from: '2025-06-15' }, today)).toEqual({});
    expect(filterErrors({ ...emptyFilter, from: '2025-06-01', to: '2025-06-01' }, today)).toEqual({});
    // With a To, From may be after today as long as it is not after To.
    expect(filterErrors({ ...emptyFilter, from: '2025-07-01', to: '2025-07-02' }, today)).toEqual({});
  });

  it('B5.transaction-filter.to-not-before-from: To before From is an error on To', () => {
    expect(filterErrors({ ...emptyFilter, from: '2025-06-10', to: '2025-06-09' }, '2025-06-15').to).toBe('To cannot be before From.');
    expect(filterErrors({ ...emptyFilter, to: '2020-01-01' }, '2025-06-15')).toEqual({});
  });

  it('B3.transaction-filter.fields: the query holds whole local days, comma-joined types and only what is set', () => {
    expect(toQuery(emptyFilter)).toEqual({});
    const q = toQuery({ from: '2025-03-01', to: '2025-03-02', types: ['deposit', 'withdraw'], currency: 'BTC', pending: true });
    expect(q).toEqual({
      from: new Date(2025, 2, 1).getTime(),
      to: new Date(2025, 2, 3).getTime() - 1,
      types: 'deposit,withdraw',
      pending: true,
      currency: 'BTC',
    });
  });
});

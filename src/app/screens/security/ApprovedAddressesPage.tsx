import { useMemo, useState } from 'react';
import type { ApprovedAddress } from '../../../shared/api/approved-addresses';
import { createResource } from '../../data/resource';
import { useResource } from '../../hooks/useResource';
import { currencyOptions } from '../money/currency-options';
import '../money/money.css';
import { fetchTradableCurrencies } from '../portfolio/transfers-api';
import AddApprovedAddressForm from './AddApprovedAddressForm';
import { fetchApprovedAddresses, removeApprovedAddress, setWithdrawOnlyToApproved } from './approved-addresses-api';
import ConfirmAddressForm from './ConfirmAddressForm';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function statusText(a: ApprovedAddress): string {
  if (a.status === 'unconfirmed') return 'Waiting for the emailed code';
  if (a.status === 'cooling_down') return a.usable_at ? `Cooling down: usable from ${when(a.usable_at)}` : 'Cooling down';
  return 'Usable';
}

/** The withdrawal address book: list, add with a mailed code, remove, the 24 h cool-down and the restriction setting. */
export default function ApprovedAddressesPage() {
  const [book] = useState(() => createResource(fetchApprovedAddresses));
  const [currencyList] = useState(() => createResource(fetchTradableCurrencies));
  const state = useResource(book);
  const currencyState = useResource(currencyList);
  const [error, setError] = useState<string | null>(null);
  const currencies = useMemo(() => currencyOptions((currencyState.data ?? []).filter((c) => !c.is_fiat)), [currencyState.data]);
  const data = state.data;

  async function act(fn: () => Promise<unknown>) {
    setError(null);
    try {
      await fn();
    } catch {
      setError('The change could not be saved. Please try again.');
    }
    await book.load();
  }

  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">Approved Addresses</h1>
        <p className="muted">Withdrawals can go to an address 24 hours after you confirm it with the code we email you.</p>
      </header>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <section className="card" aria-labelledby="address-book-title">
        <div className="card-header">
          <h2 id="address-book-title" className="card-title">
            Your addresses
          </h2>
        </div>
        {state.status === 'error' && !data ? (
          <div className="empty">
            <p>Your addresses could not be loaded.</p>
            <button type="button" className="btn btn-secondary" onClick={() => void book.load()}>
              Try again
            </button>
          </div>
        ) : !data ? (
          <p className="muted" role="status">
            Loading addresses...
          </p>
        ) : (
          <>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={data.withdraw_only_to_approved}
                onChange={(e) => void act(() => setWithdrawOnlyToApproved(e.target.checked))}
              />
              Withdraw only to approved addresses
            </label>
            {data.restriction_lifts_at && (
              <p className="muted" role="status">
                Turning this off takes effect {when(data.restriction_lifts_at)}, after the same 24-hour cool-down as a new address.
              </p>
            )}
            {data.addresses.length === 0 ? (
              <p className="empty muted">No approved addresses yet.</p>
            ) : (
              <ul className="address-book">
                {data.addresses.map((a) => (
                  <li key={a.id} className="address-book__item" data-testid={`approved-${a.id}`}>
                    <div className="address-row">
                      <strong>{a.label}</strong>
                      <span className="muted">{a.currency.toUpperCase()}</span>
                      <span className="address-status">{statusText(a)}</span>
                    </div>
                    <code className="address-text">{a.address}</code>
                    {a.status === 'unconfirmed' && <ConfirmAddressForm address={a} onConfirmed={() => void book.load()} />}
                    <button
                      type="button"
                      className="btn btn-ghost btn-small"
                      aria-label={`Remove ${a.label}`}
                      onClick={() => void act(() => removeApprovedAddress(a.id))}
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>
      <section className="card">
        <AddApprovedAddressForm currencies={currencies} onAdded={() => void book.load()} />
      </section>
    </div>
  );
}

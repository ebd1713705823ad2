import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchBalances } from '../data/balances';
import { createResource } from '../data/resource';
import { useResource } from '../hooks/useResource';
import { useSession } from '../hooks/useSession';
import { useValuation } from '../hooks/useValuation';
import RecentActivity from './dashboard/RecentActivity';
import { missingSetupSteps } from './dashboard/setup-steps';
import { amountText } from './money/amount-text';
import { usdText } from './money/usd-text';
import './money/money.css';
import { fetchBankAccounts } from './payments/payments-api';

const onwardLinks = [
  { to: '/exchange', title: 'Exchange', text: 'Trade crypto pairs with live prices and an order book.' },
  { to: '/portfolio', title: 'Portfolio', text: 'Deposit and withdraw, per currency.' },
  { to: '/fee-rates', title: 'Fee rates', text: 'Your maker and taker fees and 14-day volume.' },
  { to: '/payments', title: 'Payments', text: 'Bank account, wire instructions and ACH.' },
] as const;

/** Whether the user has an active bank account; null when it could not be told. */
async function hasActiveBankAccount(signal: AbortSignal): Promise<boolean | null> {
  try {
    return (await fetchBankAccounts(signal, true)).some((a) => a.status === 'active');
  } catch {
    return null;
  }
}

export default function DashboardPage() {
  const { user } = useSession();
  const [balances] = useState(() => createResource(fetchBalances));
  const state = useResource(balances);
  const [bank] = useState(() => createResource(hasActiveBankAccount));
  const bankState = useResource(bank);
  const valuation = useValuation();
  const steps = user ? missingSetupSteps(user, bankState.data ?? null) : [];
  const name = user?.first_name?.trim() || user?.email;

  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">Dashboard</h1>
        {name && <p className="muted">Welcome back, {name}.</p>}
      </header>

      {steps.length > 0 && (
        <section className="alert alert-warning" aria-labelledby="setup-title">
          <h2 id="setup-title" className="card-title">
            Your account is not fully set up
          </h2>
          <ul className="steps-list">
            {steps.map((step) => (
              <li key={step.to}>
                <Link to={step.to}>{step.text}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="card" aria-labelledby="total-title">
        <h2 id="total-title" className="card-title">
          Total value
        </h2>
        <p className="stat-value" data-testid="dashboard-total" aria-busy={valuation.pricing.length > 0}>
          {valuation.totalUsd === null ? '—' : usdText(valuation.totalUsd)}
        </p>
        {valuation.pricing.length > 0 && (
          <p className="muted" role="status" data-testid="dashboard-pricing">
            Loading prices…
          </p>
        )}
        {valuation.unpriced.length > 0 && (
          <p className="muted">Without a USD price: {valuation.unpriced.map((c) => c.toUpperCase()).join(', ')}</p>
        )}
      </section>

      <section className="card" aria-labelledby="balances-title" aria-busy={state.status === 'loading'}>
        <div className="card-header">
          <h2 id="balances-title" className="card-title">
            Balances
          </h2>
          <Link to="/portfolio" className="link-small">
            Deposit or withdraw
          </Link>
        </div>
        {state.status === 'error' && !state.data ? (
          <div className="empty">
            <p>Balances could not be loaded.</p>
            <button type="button" className="btn btn-secondary" onClick={() => void balances.load()}>
              Try again
            </button>
          </div>
        ) : !state.data ? (
          <p className="empty muted">Loading balances…</p>
        ) : state.data.length === 0 ? (
          <p className="empty muted">
            No balances yet. <Link to="/portfolio">Make a deposit</Link> to get started.
          </p>
        ) : (
          <table className="table balances-table" aria-labelledby="balances-title">
            <thead>
              <tr>
                <th scope="col">Currency</th>
                <th scope="col" className="num">
                  Balance
                </th>
                <th scope="col" className="num">
                  Available
                </th>
              </tr>
            </thead>
            <tbody>
              {state.data.map((row) => (
                <tr key={row.currency}>
                  <th scope="row" className="currency">
                    {row.currency.toUpperCase()}
                  </th>
                  <td className="num">{amountText(row.balance)}</td>
                  <td className="num">{amountText(row.available)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <RecentActivity />

      <nav className="tiles" aria-label="Go to">
        {onwardLinks.map((link) => (
          <Link key={link.to} to={link.to} className="tile">
            <span className="tile-title">{link.title}</span>
            <span className="tile-text">{link.text}</span>
          </Link>
        ))}
      </nav>
    </div>
  );
}

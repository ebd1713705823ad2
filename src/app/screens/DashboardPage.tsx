import { useState } from 'react';
import { Link } from 'react-router-dom';
import { displayAmount, fetchBalances } from '../data/balances';
import { createResource } from '../data/resource';
import { useResource } from '../hooks/useResource';
import { useSession } from '../hooks/useSession';
import { postLoginRoute } from '../session/post-login-route';

const onwardLinks = [
  { to: '/exchange', title: 'Exchange', text: 'Trade crypto pairs with live prices and an order book.' },
  { to: '/portfolio', title: 'Portfolio', text: 'Deposit and withdraw, per currency.' },
  { to: '/fee-rates', title: 'Fee rates', text: 'Your maker and taker fees and 14-day volume.' },
  { to: '/payments', title: 'Payments', text: 'Bank account, wire instructions and ACH.' },
] as const;

const SETUP_STEPS: Record<string, string> = {
  '/business/principal-address': 'Finish your business details',
  '/verify/email': 'Verify your email address',
  '/verify/phone': 'Verify your phone number',
  '/enhanced-due-diligence': 'Answer the enhanced due diligence questions',
};

export default function DashboardPage() {
  const { user } = useSession();
  const [balances] = useState(() => createResource(fetchBalances));
  const state = useResource(balances);
  const nextStep = user ? postLoginRoute(user) : '/';
  const name = user?.first_name?.trim() || user?.email;

  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">Dashboard</h1>
        {name && <p className="muted">Welcome back, {name}.</p>}
      </header>

      {SETUP_STEPS[nextStep] && (
        <div className="alert alert-warning" role="status">
          Your account is not fully set up. <Link to={nextStep}>{SETUP_STEPS[nextStep]}</Link>
        </div>
      )}

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
          <table className="table">
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
                  <td className="num">{displayAmount(row.balance)}</td>
                  <td className="num">{displayAmount(row.available)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

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

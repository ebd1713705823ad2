import { useState } from 'react';
import { createResource } from '../../data/resource';
import { useResource } from '../../hooks/useResource';
import { isHttpError } from '../../http/client';
import { serverMessage } from '../account/server-message';
import '../money/money.css';
import BankAccountForm from './BankAccountForm';
import { fetchBankAccounts, removeBankAccount } from './payments-api';
import VerifyBankAccountForm from './VerifyBankAccountForm';
import { BusyButton } from '../../forms/BusyButton';

/** The bank account's `type` as words; a value this app does not know is shown as sent. */
const ACCOUNT_TYPE_LABELS: Readonly<Record<string, string>> = {
  individual: 'Individual',
  corporate: 'Corporate',
  checking: 'Checking',
  savings: 'Savings',
};

/** Spec A §2 and §4: none → create form; created, not active → verify form; active → details with Remove. */
export default function BankAccountPage() {
  const [accounts] = useState(() => createResource(fetchBankAccounts));
  const state = useResource(accounts);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const account = state.data?.[0];

  async function remove() {
    setRemoveError(null);
    setRemoving(true);
    try {
      await removeBankAccount();
      await accounts.load();
    } catch (error) {
      setRemoveError(serverMessage(error) ?? (isHttpError(error) ? error.userMessage : 'The bank account could not be removed.'));
    } finally {
      setRemoving(false);
    }
  }

  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1 className="page-title">Bank Account</h1>
      </header>
      <section className="card">
        {state.status === 'error' && !state.data ? (
          <div className="empty">
            <p>Your bank account could not be loaded.</p>
            <button type="button" className="btn btn-secondary" onClick={() => void accounts.load()}>
              Try again
            </button>
          </div>
        ) : !state.data ? (
          <p className="muted" role="status">
            Loading bank account...
          </p>
        ) : !account ? (
          <BankAccountForm onCreated={() => void accounts.load()} />
        ) : account.status !== 'active' ? (
          <>
            <VerifyBankAccountForm
              key={`${account.id}-${account.verification_attempts_left ?? ''}`}
              account={account}
              onDone={() => void accounts.load()}
            />
            <BusyButton className="btn btn-ghost" busy={removing} onClick={() => void remove()}>
              Remove bank account
            </BusyButton>
          </>
        ) : (
          <>
            <h2 className="card-title">Your bank account</h2>
            <p className="alert alert-success">Verified and active.</p>
            <dl className="details-list">
              <dt>Bank</dt>
              <dd>{account.bank_name ?? '—'}</dd>
              <dt>Account holder</dt>
              <dd>{account.name1 ?? '—'}</dd>
              <dt>Account number</dt>
              <dd>{account.account_number}</dd>
              {account.routing_number && (
                <>
                  <dt>Routing number</dt>
                  <dd>{account.routing_number}</dd>
                </>
              )}
              <dt>Type</dt>
              <dd>{ACCOUNT_TYPE_LABELS[account.type] ?? account.type}</dd>
              <dt>Currency</dt>
              <dd>{account.currency.toUpperCase()}</dd>
              <dt>International</dt>
              <dd>{account.international_bank ? 'Yes' : 'No'}</dd>
              <dt>ACH</dt>
              <dd>{account.ach_enabled ? 'Enabled' : 'Not enabled'}</dd>
            </dl>
            {removeError && (
              <div className="alert alert-error" role="alert">
                {removeError}
              </div>
            )}
            <div className="form-actions">
              <BusyButton className="btn btn-secondary" busy={removing} onClick={() => void remove()}>
                Remove
              </BusyButton>
            </div>
          </>
        )}
      </section>
    </div>
  );
}

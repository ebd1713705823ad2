import { useState } from 'react';
import type { WireInstructions } from '../../../shared/api/payments';
import { createResource } from '../../data/resource';
import { useResource } from '../../hooks/useResource';
import CopyButton from '../money/CopyButton';
import '../money/money.css';
import { fetchWireInstructions } from './payments-api';

const FIELDS: readonly { key: keyof WireInstructions; label: string }[] = [
  { key: 'beneficiary_name', label: 'Beneficiary name' },
  { key: 'beneficiary_address', label: 'Beneficiary address' },
  { key: 'bank_name', label: 'Bank name' },
  { key: 'bank_address', label: 'Bank address' },
  { key: 'bank_routing_swift', label: 'SWIFT code' },
  { key: 'bank_routing_number', label: 'Routing number' },
  { key: 'bank_account_number', label: 'Account number' },
  { key: 'reference_id', label: 'Reference id' },
];

/** Spec A §2 and §3: every wire instruction field, each with a copy button. */
export default function WireInstructionsPage() {
  const [wire] = useState(() => createResource(fetchWireInstructions));
  const state = useResource(wire);
  const data = state.data;

  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1 className="page-title">Wire Instructions</h1>
        <p className="muted">
          Send a wire from your bank with these details. Always include your reference id so we can credit your account.
        </p>
      </header>
      <section className="card" aria-label="Wire instruction details">
        {state.status === 'error' && !data ? (
          <div className="empty">
            <p>Wire instructions could not be loaded.</p>
            <button type="button" className="btn btn-secondary" onClick={() => void wire.load()}>
              Try again
            </button>
          </div>
        ) : !data ? (
          <p className="muted" role="status">
            Loading wire instructions...
          </p>
        ) : (
          <dl className="details-list">
            {FIELDS.map(({ key, label }) => {
              const value = data[key];
              return (
                <div key={key} style={{ display: 'contents' }}>
                  <dt>{label}</dt>
                  <dd data-testid={`wire-${key}`}>
                    <span>{value || '—'}</span>
                    {value ? <CopyButton text={value} label={`Copy ${label.toLowerCase()}`} /> : null}
                  </dd>
                </div>
              );
            })}
          </dl>
        )}
      </section>
    </div>
  );
}

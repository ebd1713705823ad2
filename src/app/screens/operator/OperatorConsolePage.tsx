import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { paths } from '../../../shared/api/paths';
import type {
  auditResponseSchema,
  ledgerResponseSchema,
  OperatorEddDetail,
  operatorEddListSchema,
  withdrawalListSchema,
} from '../../../shared/api/operator';
import { apiUrl } from '../../config';
import NoteDialog from './NoteDialog';
import { operatorApi } from './operator-api';
import '../../forms/forms.css';
import './operator.css';

// The operator console (beyond the specs; docs/API.md): EDD reviews, requiring EDD, large
// withdrawals, wire credits, ledgers and the audit log. The server checks the role on every call.

type EddList = z.infer<typeof operatorEddListSchema>['data'];
type Decision = 'approve' | 'reject';
const decisionLabel: Record<Decision, string> = { approve: 'Approve', reject: 'Reject' };

export default function OperatorConsolePage() {
  return (
    <section className="page operator-page" aria-labelledby="operator-title">
      <h1 id="operator-title">Operator Console</h1>
      <EddReviews />
      <div className="operator-columns">
        <RequireEddForm />
        <WireCreditForm />
      </div>
      <WithdrawalReviews />
      <LedgerLookup />
      <AuditLog />
    </section>
  );
}

function EddReviews() {
  const [list, setList] = useState<EddList>([]);
  const [open, setOpen] = useState<OperatorEddDetail | null>(null);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [message, setMessage] = useState('');
  const reload = useCallback(() => {
    operatorApi.eddRequests().then(
      (r) => setList(r.data),
      () => undefined,
    );
  }, []);
  useEffect(reload, [reload]);

  async function decide(request: OperatorEddDetail, decision: Decision, note: string) {
    try {
      const r = await operatorApi.reviewEdd(request.id, decision, note);
      setMessage(`${request.email}: ${r.status}.`);
      setDeciding(null);
      setOpen(null);
      reload();
    } catch {
      // The toast says why; the dialog stays open with the note.
    }
  }

  return (
    <section className="card operator-card" aria-labelledby="edd-reviews-title">
      <h2 id="edd-reviews-title">EDD requests to review</h2>
      {message ? <p role="status">{message}</p> : null}
      {list.length === 0 ? <p>No requests waiting.</p> : null}
      <ul className="operator-list">
        {list.map((r) => (
          <li key={r.id}>
            <button type="button" className="link-button" onClick={() => void operatorApi.eddRequest(r.id).then(setOpen, () => undefined)}>
              Review {r.email} ({r.required_form}, {new Date(r.date_added).toLocaleString()})
            </button>
          </li>
        ))}
      </ul>
      {open ? (
        <div className="operator-detail" aria-label={`Request of ${open.email}`} role="region">
          <h3>{open.email}</h3>
          <dl>
            {open.responses.map((r) => (
              <div key={r.id}>
                <dt>{r.id}</dt>
                <dd>
                  {r.response}
                  {r.optional_free_form ? ` — ${r.optional_free_form}` : ''}
                </dd>
              </div>
            ))}
          </dl>
          <ul>
            {open.files.map((f) => (
              <li key={f.id}>
                <a href={apiUrl(`${paths.edd.responses.replace(/responses$/, 'files')}/${encodeURIComponent(f.id)}`)} download>
                  {f.doc_type}: {f.original_name} ({Math.ceil(f.size / 1024)} KB)
                </a>
              </li>
            ))}
          </ul>
          <div className="form-actions">
            <button type="button" className="btn btn-primary" onClick={() => setDeciding('approve')}>
              Approve
            </button>
            <button type="button" className="btn" onClick={() => setDeciding('reject')}>
              Reject
            </button>
          </div>
          {deciding ? (
            <NoteDialog
              title={`${decisionLabel[deciding]} the request of ${open.email}`}
              confirmLabel={decisionLabel[deciding]}
              onConfirm={(note) => decide(open, deciding, note)}
              onCancel={() => setDeciding(null)}
            />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function useFormMessage() {
  const [message, setMessage] = useState('');
  return { message, setMessage };
}

function RequireEddForm() {
  const { message, setMessage } = useFormMessage();
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    try {
      await operatorApi.requireEdd(String(data.get('userId')), String(data.get('note')));
      setMessage('EDD is now required of this user.');
    } catch {
      setMessage('');
    }
  }
  return (
    <form className="card form operator-card" onSubmit={(e) => void submit(e)} aria-labelledby="require-edd-title">
      <h2 id="require-edd-title">Require EDD</h2>
      <label className="field form-field">
        <span className="form-field__label">User id</span>
        <input name="userId" className="form-input" required />
      </label>
      <label className="field form-field">
        <span className="form-field__label">Note</span>
        <input name="note" className="form-input" required />
      </label>
      <button type="submit" className="btn btn-primary">
        Require EDD
      </button>
      {message ? <p role="status">{message}</p> : null}
    </form>
  );
}

function WireCreditForm() {
  const { message, setMessage } = useFormMessage();
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const d = new FormData(e.currentTarget);
    try {
      const r = await operatorApi.creditWire({
        userId: String(d.get('userId')),
        currency: String(d.get('currency')),
        amount: String(d.get('amount')),
        reference: String(d.get('reference')),
      });
      setMessage(`Credited ${r.amount} ${r.currency.toUpperCase()} (${r.reference}); balance ${r.balance}.`);
    } catch {
      setMessage('');
    }
  }
  return (
    <form className="card form operator-card" onSubmit={(e) => void submit(e)} aria-labelledby="wire-title">
      <h2 id="wire-title">Credit a wire deposit</h2>
      {(
        [
          ['userId', 'User id'],
          ['currency', 'Currency'],
          ['amount', 'Amount'],
          ['reference', 'Wire reference'],
        ] as const
      ).map(([name, label]) => (
        <label key={name} className="field form-field">
          <span className="form-field__label">{label}</span>
          <input name={name} className="form-input" required />
        </label>
      ))}
      <button type="submit" className="btn btn-primary">
        Credit
      </button>
      {message ? <p role="status">{message}</p> : null}
    </form>
  );
}

function WithdrawalReviews() {
  const [list, setList] = useState<z.infer<typeof withdrawalListSchema>['data']>([]);
  const [message, setMessage] = useState('');
  const reload = useCallback(() => {
    operatorApi.withdrawals().then(
      (r) => setList(r.data),
      () => undefined,
    );
  }, []);
  useEffect(reload, [reload]);
  const [deciding, setDeciding] = useState<{ w: (typeof list)[number]; decision: Decision } | null>(null);
  async function decide(w: (typeof list)[number], decision: Decision, note: string) {
    await operatorApi.reviewWithdrawal(w.id, decision, note).then(
      (r) => {
        // Approved: the payout goes out; rejected: the customer's hold is released.
        setMessage(`${w.amount} ${w.currency.toUpperCase()} for ${w.email ?? w.user_id}: ${r.status}.`);
        setDeciding(null);
        reload();
      },
      // The toast says why; the dialog stays open to try again.
      () => undefined,
    );
  }
  return (
    <section className="card operator-card" aria-labelledby="withdrawals-title">
      <h2 id="withdrawals-title">Withdrawals waiting for review</h2>
      {list.length === 0 ? <p>No withdrawals waiting.</p> : null}
      <ul className="operator-list">
        {list.map((w) => {
          const what = `${w.amount} ${w.currency.toUpperCase()} to ${w.destination}`;
          const who = w.email ?? w.user_id;
          return (
            <li key={w.id} data-testid="withdrawal-review">
              {what} for {who}, requested {new Date(w.created_at).toLocaleString()}{' '}
              <button
                type="button"
                className="btn"
                aria-label={`Approve ${what} for ${who}`}
                onClick={() => setDeciding({ w, decision: 'approve' })}
              >
                Approve
              </button>{' '}
              <button
                type="button"
                className="btn"
                aria-label={`Reject ${what} for ${who}`}
                onClick={() => setDeciding({ w, decision: 'reject' })}
              >
                Reject
              </button>
            </li>
          );
        })}
      </ul>
      {message ? <p role="status">{message}</p> : null}
      {deciding ? (
        <NoteDialog
          title={`${decisionLabel[deciding.decision]} withdrawal of ${deciding.w.amount} ${deciding.w.currency.toUpperCase()}`}
          confirmLabel={decisionLabel[deciding.decision]}
          onConfirm={(note) => decide(deciding.w, deciding.decision, note)}
          onCancel={() => setDeciding(null)}
        />
      ) : null}
    </section>
  );
}

function LedgerLookup() {
  const [ledger, setLedger] = useState<z.infer<typeof ledgerResponseSchema> | null>(null);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const userId = String(new FormData(e.currentTarget).get('userId'));
    await operatorApi.ledger(userId).then(setLedger, () => setLedger(null));
  }
  return (
    <section className="card operator-card" aria-labelledby="ledger-title">
      <h2 id="ledger-title">User ledger</h2>
      <form className="operator-inline" onSubmit={(e) => void submit(e)}>
        <label className="field form-field">
          <span className="form-field__label">User id</span>
          <input name="userId" className="form-input" required />
        </label>
        <button type="submit" className="btn btn-primary">
          Show ledger
        </button>
      </form>
      {ledger ? (
        // Focusable: on a phone the table scrolls sideways, and a keyboard must be able to scroll it.
        <div className="operator-table-wrap" tabIndex={0} role="group" aria-label="Ledger lines">
          <table className="operator-table">
            <caption>
              {ledger.email} {ledger.enhanced_due_diligence_required ? '(EDD required)' : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Action</th>
                <th scope="col">Currency</th>
                <th scope="col">Amount</th>
                <th scope="col">Reference</th>
              </tr>
            </thead>
            <tbody>
              {ledger.lines.map((l) => (
                <tr key={l.id}>
                  <td>{new Date(l.created_at).toLocaleString()}</td>
                  <td>{l.action}</td>
                  <td>{l.currency.toUpperCase()}</td>
                  <td>{l.amount}</td>
                  <td>{l.ref ?? '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function AuditLog() {
  const [entries, setEntries] = useState<z.infer<typeof auditResponseSchema>['data']>([]);
  useEffect(() => {
    operatorApi.audit().then(
      (r) => setEntries(r.data),
      () => undefined,
    );
  }, []);
  return (
    <section className="card operator-card" aria-labelledby="audit-title">
      <h2 id="audit-title">Audit log</h2>
      <div className="operator-table-wrap" tabIndex={0} role="group" aria-labelledby="audit-title">
        <table className="operator-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Subject</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>{new Date(e.created_at).toLocaleString()}</td>
                <td>{e.actor_id}</td>
                <td>{e.action}</td>
                <td>{e.subject ?? '-'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

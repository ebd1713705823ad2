import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { paths } from '../../../shared/api/paths';
import {
  ledgerQuerySchema,
  type auditResponseSchema,
  type ledgerResponseSchema,
  type OperatorEddDetail,
  type operatorEddListSchema,
  type withdrawalListSchema,
} from '../../../shared/api/operator';
import { apiUrl } from '../../config';
import { BusyButton } from '../../forms/BusyButton';
import { FormText } from '../../forms/form-fields';
import NoteDialog from './NoteDialog';
import RequireEddForm from './RequireEddForm';
import WireCreditForm from './WireCreditForm';
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
      <h1 id="operator-title" className="page-title">
        Operator Console
      </h1>
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
      <ul className="operator-list operator-reviews">
        {list.map((w) => {
          const what = `${w.amount} ${w.currency.toUpperCase()} to ${w.destination}`;
          const who = w.email ?? w.user_id;
          return (
            <li key={w.id} data-testid="withdrawal-review" className="operator-review">
              <span className="operator-review__what">
                {what} for {who}, requested {new Date(w.created_at).toLocaleString()}
              </span>
              <span className="operator-review__actions">
                {(['approve', 'reject'] as const).map((decision) => (
                  <button
                    key={decision}
                    type="button"
                    className="btn"
                    aria-label={`${decisionLabel[decision]} ${what} for ${who}`}
                    onClick={() => setDeciding({ w, decision })}
                  >
                    {decisionLabel[decision]}
                  </button>
                ))}
              </span>
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

const ledgerLookupSchema = ledgerQuerySchema.pick({ userId: true });
type LedgerLookupValues = z.input<typeof ledgerLookupSchema>;

function LedgerLookup() {
  const [ledger, setLedger] = useState<z.infer<typeof ledgerResponseSchema> | null>(null);
  const { control, handleSubmit, formState } = useForm<LedgerLookupValues, unknown, z.output<typeof ledgerLookupSchema>>({
    resolver: zodResolver(ledgerLookupSchema),
    defaultValues: { userId: '' },
  });
  const onSubmit = handleSubmit(({ userId }) => operatorApi.ledger(userId).then(setLedger, () => setLedger(null)));
  return (
    <section className="card operator-card" aria-labelledby="ledger-title">
      <h2 id="ledger-title">User ledger</h2>
      <form className="operator-inline" noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormText control={control} name="userId" label="User id" autoComplete="off" spellCheck={false} />
        <BusyButton type="submit" className="btn btn-primary" busy={formState.isSubmitting}>
          Show ledger
        </BusyButton>
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

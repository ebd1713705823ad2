import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { achDepositSchema, achOnboardingSchema } from '../../../shared/api/payments';
import { accountMessages } from '../../../shared/messages';
import { displayAmount } from '../../data/balances';
import { createResource } from '../../data/resource';
import { FormSelect, FormText } from '../../forms/form-fields';
import { FormAlert } from '../../forms/FormAlert';
import { useResource } from '../../hooks/useResource';
import { isHttpError } from '../../http/client';
import { serverMessage } from '../account/server-message';
import { usdText } from '../money/usd-text';
import '../money/money.css';
import { achDeposit, achOnboard, fetchAchLimit, fetchAchStatus, fetchBankAccounts } from './payments-api';
import { BusyButton } from '../../forms/BusyButton';

const failureText = (error: unknown, fallback: string) => serverMessage(error) ?? (isHttpError(error) ? error.userMessage : fallback);

function OnboardingForm({ onDone }: { onDone: (ok: boolean) => void }) {
  const [accounts] = useState(() => createResource(fetchBankAccounts));
  const state = useResource(accounts);
  const [failure, setFailure] = useState<string | null>(null);
  const active = (state.data ?? []).filter((a) => a.status === 'active' && a.display_id);
  const { control, handleSubmit, formState } = useForm<z.input<typeof achOnboardingSchema>, unknown, z.output<typeof achOnboardingSchema>>({
    resolver: zodResolver(achOnboardingSchema),
    defaultValues: { bank_account_display_id: '' },
  });

  const onSubmit = handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        const answer = await achOnboard(values.bank_account_display_id);
        if (!answer.success) setFailure(answer.message ?? 'ACH onboarding failed.');
        onDone(answer.success);
      } catch (error) {
        setFailure(failureText(error, 'ACH onboarding failed.'));
        onDone(false);
      }
    },
    () => setFailure(null),
  );

  if (!state.data)
    return <p className="muted">{state.status === 'error' ? 'Your bank accounts could not be loaded.' : 'Loading bank accounts...'}</p>;
  if (active.length === 0) {
    return (
      <p>
        ACH needs a verified bank account. <Link to="/payments/bank-account">Add and verify a bank account</Link> first.
      </p>
    );
  }
  return (
    <form className="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="ach-onboard-title">
      <h2 id="ach-onboard-title" className="card-title">
        ACH agreement
      </h2>
      <p>
        By completing onboarding you authorise us to debit and credit the bank account you choose by ACH for the deposits and withdrawals
        you request. You can revoke this by removing the bank account.
      </p>
      <FormSelect
        control={control}
        name="bank_account_display_id"
        label="Bank account"
        placeholder="Select a bank account"
        options={active.map((a) => ({ value: a.display_id!, label: `${a.bank_name ?? 'Bank'} ···${a.account_number.slice(-4)}` }))}
      />
      {failure && <FormAlert title={failure} />}
      <div className="form-actions">
        <BusyButton type="submit" className="btn btn-primary" busy={formState.isSubmitting}>
          Accept and complete onboarding
        </BusyButton>
      </div>
    </form>
  );
}

function DepositForm() {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const { control, handleSubmit, reset, formState } = useForm<z.input<typeof achDepositSchema>, unknown, z.output<typeof achDepositSchema>>(
    {
      resolver: zodResolver(achDepositSchema),
      defaultValues: { amount: '' },
    },
  );
  const onSubmit = handleSubmit(
    async (values) => {
      setResult(null);
      try {
        const answer = await achDeposit(values);
        setResult({
          ok: answer.success,
          text: answer.message ?? (answer.success ? 'Your ACH deposit is pending.' : 'The ACH deposit failed.'),
        });
        if (answer.success) reset({ amount: '' });
      } catch (error) {
        setResult({ ok: false, text: failureText(error, 'The ACH deposit failed.') });
      }
    },
    () => setResult(null),
  );
  return (
    <form className="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="ach-deposit-title">
      <h2 id="ach-deposit-title" className="card-title">
        Deposit by ACH
      </h2>
      <FormText control={control} name="amount" label="Amount (USD)" inputMode="decimal" autoComplete="off" />
      {result && (
        <div className={result.ok ? 'alert alert-success' : 'alert alert-error'} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </div>
      )}
      <div className="form-actions">
        <BusyButton type="submit" className="btn btn-primary" busy={formState.isSubmitting}>
          Deposit
        </BusyButton>
      </div>
    </form>
  );
}

/** Spec A §2 and §4: onboarding while the agreement is not accepted; success reloads and says so. */
export default function AchOnboardingPage() {
  const [status] = useState(() => createResource(fetchAchStatus));
  const [limit] = useState(() => createResource(fetchAchLimit));
  const statusState = useResource(status);
  const limitState = useResource(limit);
  const [succeeded, setSucceeded] = useState(false);
  const accepted = statusState.data?.dwolla === true;

  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1 className="page-title">ACH Onboarding</h1>
        {limitState.data?.weekly_deposit_limit && (
          <p className="muted" data-testid="ach-weekly-limit">
            Weekly ACH deposit limit: {usdText(displayAmount(limitState.data.weekly_deposit_limit))}
          </p>
        )}
      </header>
      {succeeded && (
        <div className="alert alert-success" role="status">
          {accountMessages.achSuccess}
        </div>
      )}
      <section className="card">
        {statusState.status === 'loading' && !statusState.data ? (
          <p className="muted" role="status">
            Loading ACH status...
          </p>
        ) : accepted ? (
          <>
            <p>ACH is set up for your bank account.</p>
            <DepositForm />
          </>
        ) : (
          <OnboardingForm
            onDone={(ok) => {
              setSucceeded(ok);
              if (ok) void status.load();
            }}
          />
        )}
      </section>
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { verifyBankAccountSchema, type BankAccount } from '../../../shared/api/payments';
import { FormText } from '../../forms/form-fields';
import { FormAlert } from '../../forms/FormAlert';
import { isHttpError } from '../../http/client';
import { serverMessage } from '../account/server-message';
import { verifyBankAccount } from './payments-api';
import { BusyButton } from '../../forms/BusyButton';

type Values = z.input<typeof verifyBankAccountSchema>;
type Output = z.output<typeof verifyBankAccountSchema>;

/** Spec A §2 and §5: the two micro-deposit amounts, 0.01 to 1 in steps of 0.01. */
export default function VerifyBankAccountForm({ account, onDone }: { account: BankAccount; onDone: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<Values, unknown, Output>({
    resolver: zodResolver(verifyBankAccountSchema),
    defaultValues: { amount1: '', amount2: '' },
  });
  const locked = account.verification_locked === true;

  const onSubmit = handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        await verifyBankAccount(values.amount1, values.amount2);
      } catch (error) {
        setFailure(serverMessage(error) ?? (isHttpError(error) ? error.userMessage : 'The bank account could not be verified.'));
      }
      // Spec A §4: the account is loaded again after a verify, right or wrong (tries left change).
      onDone();
    },
    () => setFailure(null),
  );

  return (
    <form className="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="bank-verify-title">
      <h2 id="bank-verify-title" className="card-title">
        Verify your bank account
      </h2>
      <p>
        {account.bank_name ?? 'Your bank'} account ending {account.account_number.slice(-4)} is not verified yet. Enter the two small
        deposits we sent to it.
      </p>
      {locked ? (
        <div className="alert alert-error" role="alert">
          Verification is locked after 3 wrong tries. Remove the bank account and add it again to receive new micro-deposits.
        </div>
      ) : (
        <>
          <div className="form-row">
            <FormText
              control={control}
              name="amount1"
              label="First amount (USD)"
              inputMode="decimal"
              placeholder="0.00"
              autoComplete="off"
            />
            <FormText
              control={control}
              name="amount2"
              label="Second amount (USD)"
              inputMode="decimal"
              placeholder="0.00"
              autoComplete="off"
            />
          </div>
          {account.verification_attempts_left !== undefined && <p className="muted">Tries left: {account.verification_attempts_left}</p>}
        </>
      )}
      {failure && <FormAlert title={failure} />}
      {!locked && (
        <div className="form-actions">
          <BusyButton type="submit" className="btn btn-primary" busy={formState.isSubmitting}>
            Verify
          </BusyButton>
        </div>
      )}
    </form>
  );
}

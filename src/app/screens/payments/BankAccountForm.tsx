import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { createBankAccountSchema } from '../../../shared/api/payments';
import { FormSelect, FormText, FormYesNo } from '../../forms/form-fields';
import { FormAlert } from '../../forms/FormAlert';
import { applyServerFieldErrors } from '../../forms/server-errors';
import { isHttpError } from '../../http/client';
import { serverMessage } from '../account/server-message';
import { createBankAccount } from './payments-api';
import { BusyButton } from '../../forms/BusyButton';

type Values = z.input<typeof createBankAccountSchema>;
type Output = z.output<typeof createBankAccountSchema>;

const defaults: Values = {
  type: 'individual',
  bank_account_type: 'checking',
  is_international: false,
  account_number: '',
  routing_number: '',
  swift_number: '',
  enable_wires: true,
  first_name: '',
  last_name: '',
  name: '',
  bank_currency: 'usd',
  bank_name: '',
  wire_instructions: '',
  wire_routing_number: '',
};

/** Spec A §3 and §5: the fields a domestic, international or corporate account needs. */
export default function BankAccountForm({ onCreated }: { onCreated: () => void }) {
  const [failure, setFailure] = useState<{ title: string; details: string[] } | null>(null);
  const { control, handleSubmit, setError, getValues, formState } = useForm<Values, unknown, Output>({
    resolver: zodResolver(createBankAccountSchema),
    defaultValues: defaults,
  });
  const international = useWatch({ control, name: 'is_international' });
  const corporate = useWatch({ control, name: 'type' }) === 'corporate';

  const onSubmit = handleSubmit(
    async (values) => {
      setFailure(null);
      // Only the fields this kind of account uses are sent.
      const body = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== undefined)) as Output;
      try {
        await createBankAccount(body);
        onCreated();
      } catch (error) {
        const rest = isHttpError(error) ? applyServerFieldErrors(error.fieldErrors, setError, getValues()) : [];
        setFailure({
          title: serverMessage(error) ?? (isHttpError(error) ? error.userMessage : 'The bank account could not be added.'),
          details: rest,
        });
      }
    },
    () => setFailure(null),
  );

  return (
    <form className="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="bank-create-title">
      <h2 id="bank-create-title" className="card-title">
        Add a bank account
      </h2>
      <p className="muted">We send two small deposits to the account; enter them here to verify it.</p>
      <div className="form-row">
        <FormSelect
          control={control}
          name="type"
          label="Account holder"
          options={[
            { value: 'individual', label: 'Individual' },
            { value: 'corporate', label: 'Corporate' },
          ]}
        />
        <FormSelect
          control={control}
          name="bank_account_type"
          label="Account type"
          options={[
            { value: 'checking', label: 'Checking' },
            { value: 'savings', label: 'Savings' },
          ]}
        />
      </div>
      <FormYesNo control={control} name="is_international" label="Is this an international (non-US) bank?" />
      <div className="form-row">
        <FormText control={control} name="first_name" label="First name" autoComplete="given-name" />
        <FormText control={control} name="last_name" label="Last name" autoComplete="family-name" />
      </div>
      {corporate && <FormText control={control} name="name" label="Business name" autoComplete="organization" />}
      <FormText
        control={control}
        name="account_number"
        label="Account number"
        autoComplete="off"
        inputMode={international ? 'text' : 'numeric'}
      />
      {international ? (
        <>
          <FormText control={control} name="swift_number" label="SWIFT code" autoComplete="off" />
          <FormText control={control} name="bank_name" label="Bank name" autoComplete="off" />
          <FormText control={control} name="wire_instructions" label="Wire instructions" autoComplete="off" />
        </>
      ) : (
        <div className="form-row">
          <FormText control={control} name="routing_number" label="Routing number" inputMode="numeric" autoComplete="off" />
          <FormText control={control} name="wire_routing_number" label="Wire routing number" inputMode="numeric" autoComplete="off" />
        </div>
      )}
      <FormYesNo control={control} name="enable_wires" label="Enable wire transfers?" />
      {failure && <FormAlert title={failure.title} details={failure.details} />}
      <div className="form-actions">
        <BusyButton type="submit" className="btn btn-primary" busy={formState.isSubmitting}>
          Add bank account
        </BusyButton>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { confirmApprovedAddressSchema, type ApprovedAddress } from '../../../shared/api/approved-addresses';
import { FormText } from '../../forms/form-fields';
import { isHttpError } from '../../http/client';
import { serverMessage } from '../account/server-message';
import { confirmApprovedAddress } from './approved-addresses-api';
import { BusyButton } from '../../forms/BusyButton';

/** The emailed code that confirms a newly added address. */
export default function ConfirmAddressForm({ address, onConfirmed }: { address: ApprovedAddress; onConfirmed: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<
    z.input<typeof confirmApprovedAddressSchema>,
    unknown,
    z.output<typeof confirmApprovedAddressSchema>
  >({
    resolver: zodResolver(confirmApprovedAddressSchema),
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(
    async ({ code }) => {
      setFailure(null);
      try {
        await confirmApprovedAddress(address.id, code);
        onConfirmed();
      } catch (error) {
        setFailure(serverMessage(error) ?? (isHttpError(error) ? error.userMessage : 'The code could not be checked.'));
      }
    },
    () => setFailure(null),
  );
  return (
    <form className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormText
        control={control}
        name="code"
        label={`Code emailed for “${address.label}”`}
        inputMode="numeric"
        autoComplete="one-time-code"
      />
      {failure && (
        <div className="alert alert-error" role="alert">
          {failure}
        </div>
      )}
      <BusyButton type="submit" className="btn btn-primary btn-small" busy={formState.isSubmitting}>
        Confirm
      </BusyButton>
    </form>
  );
}

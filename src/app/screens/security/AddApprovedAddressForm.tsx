import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { addApprovedAddressSchema, type ApprovedAddress } from '../../../shared/api/approved-addresses';
import { FormSelect, FormText } from '../../forms/form-fields';
import { FormAlert } from '../../forms/FormAlert';
import { applyServerFieldErrors } from '../../forms/server-errors';
import { isHttpError } from '../../http/client';
import { serverMessage } from '../account/server-message';
import { addApprovedAddress } from './approved-addresses-api';
import { BusyButton } from '../../forms/BusyButton';

type Values = z.input<typeof addApprovedAddressSchema>;
type Output = z.output<typeof addApprovedAddressSchema>;

/** Adds an address; the server mails a code that confirms it. */
export default function AddApprovedAddressForm({
  currencies,
  onAdded,
}: {
  currencies: readonly { value: string; label: string }[];
  onAdded: (a: ApprovedAddress) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError, getValues, formState } = useForm<Values, unknown, Output>({
    resolver: zodResolver(addApprovedAddressSchema),
    defaultValues: { label: '', currency: '', address: '' },
  });
  const onSubmit = handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        const added = await addApprovedAddress(values);
        reset({ label: '', currency: '', address: '' });
        onAdded(added);
      } catch (error) {
        const rest = isHttpError(error) ? applyServerFieldErrors(error.fieldErrors, setError, getValues()) : [];
        setFailure(
          [serverMessage(error) ?? (isHttpError(error) ? error.userMessage : 'The address could not be added.'), ...rest].join(' '),
        );
      }
    },
    () => setFailure(null),
  );
  return (
    <form className="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="add-address-title">
      <h2 id="add-address-title" className="card-title">
        Add an address
      </h2>
      <div className="form-row">
        <FormText control={control} name="label" label="Label" autoComplete="off" />
        <FormSelect control={control} name="currency" label="Currency" placeholder="Select a currency" options={currencies} />
      </div>
      <FormText control={control} name="address" label="Address" autoComplete="off" spellCheck={false} />
      {failure && <FormAlert title={failure} />}
      <div className="form-actions">
        <BusyButton type="submit" className="btn btn-primary" busy={formState.isSubmitting}>
          Add address
        </BusyButton>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { requireEddSchema } from '../../../shared/api/operator';
import { BusyButton } from '../../forms/BusyButton';
import { FormText } from '../../forms/form-fields';
import { applyServerFieldErrors } from '../../forms/server-errors';
import { isHttpError } from '../../http/client';
import { operatorApi } from './operator-api';

type Values = z.input<typeof requireEddSchema>;
type Output = z.output<typeof requireEddSchema>;
const empty: Values = { userId: '', note: '' };

/** Asks a customer for enhanced due diligence before they trade on (the note goes to the audit log). */
export default function RequireEddForm() {
  const [done, setDone] = useState('');
  const { control, handleSubmit, reset, setError, getValues, formState } = useForm<Values, unknown, Output>({
    resolver: zodResolver(requireEddSchema),
    defaultValues: empty,
  });
  const onSubmit = handleSubmit(async ({ userId, note }) => {
    setDone('');
    try {
      await operatorApi.requireEdd(userId, note);
      reset(empty);
      setDone(`EDD is now required of ${userId}.`);
    } catch (error) {
      // The toast says why; a field the server names shows it under its control.
      if (isHttpError(error)) applyServerFieldErrors(error.fieldErrors, setError, getValues());
    }
  });
  return (
    <form className="card form operator-card" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="require-edd-title">
      <h2 id="require-edd-title">Require EDD</h2>
      <FormText control={control} name="userId" label="User id" autoComplete="off" spellCheck={false} />
      <FormText control={control} name="note" label="Note" autoComplete="off" />
      <div className="form-actions">
        <BusyButton type="submit" className="btn btn-primary" busy={formState.isSubmitting}>
          Require EDD
        </BusyButton>
      </div>
      {done ? <p role="status">{done}</p> : null}
    </form>
  );
}

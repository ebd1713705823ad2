import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { wireCreditSchema } from '../../../shared/api/operator';
import { BusyButton } from '../../forms/BusyButton';
import { FormSelect, FormText } from '../../forms/form-fields';
import { applyServerFieldErrors } from '../../forms/server-errors';
import { createResource } from '../../data/resource';
import { useResource } from '../../hooks/useResource';
import { isHttpError } from '../../http/client';
import { currencyOptions } from '../money/currency-options';
import { fetchTradableCurrencies } from '../portfolio/transfers-api';
import { operatorApi } from './operator-api';

type Values = z.input<typeof wireCreditSchema>;
type Output = z.output<typeof wireCreditSchema>;
const empty: Values = { userId: '', currency: '', amount: '', reference: '' };

/** Credits a wire that arrived at the bank; the reference makes a second credit of the same wire a no-op. */
export default function WireCreditForm() {
  const [currencyList] = useState(() => createResource(fetchTradableCurrencies));
  const currencyState = useResource(currencyList);
  const currencies = useMemo(() => currencyOptions(currencyState.data ?? []), [currencyState.data]);
  const [done, setDone] = useState('');
  const { control, handleSubmit, reset, setError, getValues, formState } = useForm<Values, unknown, Output>({
    resolver: zodResolver(wireCreditSchema),
    defaultValues: empty,
  });
  const onSubmit = handleSubmit(async (values) => {
    setDone('');
    try {
      const r = await operatorApi.creditWire(values);
      reset(empty);
      setDone(`Credited ${r.amount} ${r.currency.toUpperCase()} (${r.reference}); balance ${r.balance}.`);
    } catch (error) {
      // The toast says why; a field the server names shows it under its control.
      if (isHttpError(error)) applyServerFieldErrors(error.fieldErrors, setError, getValues());
    }
  });
  return (
    <form className="card form operator-card" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="wire-title">
      <h2 id="wire-title">Credit a wire deposit</h2>
      <FormText control={control} name="userId" label="User id" autoComplete="off" spellCheck={false} />
      <div className="form-row">
        <FormSelect control={control} name="currency" label="Currency" placeholder="Select a currency" options={currencies} />
        <FormText control={control} name="amount" label="Amount" inputMode="decimal" autoComplete="off" />
      </div>
      <FormText control={control} name="reference" label="Wire reference" autoComplete="off" spellCheck={false} />
      <div className="form-actions">
        <BusyButton type="submit" className="btn btn-primary" busy={formState.isSubmitting}>
          Credit
        </BusyButton>
      </div>
      {done ? <p role="status">{done}</p> : null}
    </form>
  );
}

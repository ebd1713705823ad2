import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { ApprovedAddress } from '../../../shared/api/approved-addresses';
import { withdrawRequestSchema } from '../../../shared/api/transfers';
import { transferTypes } from '../../../shared/enums';
import { accountMessages } from '../../../shared/messages';
import { FormSelect, FormText } from '../../forms/form-fields';
import { serverMessage } from '../account/server-message';
import { amountText } from '../money/amount-text';
import CurrencyIcon from '../money/CurrencyIcon';
import Modal from '../money/Modal';
import { fetchApprovedAddresses } from '../security/approved-addresses-api';
import { fetchWithdrawFee, submitWithdraw } from './transfers-api';
import { BusyButton } from '../../forms/BusyButton';

interface Props {
  currency: string;
  name: string;
  available: string;
  onClose: () => void;
}

type Values = z.input<typeof withdrawRequestSchema>;
type Output = z.output<typeof withdrawRequestSchema>;

const blank = (currency: string): Values => ({ currency, amount: '', memo: '', transferType: undefined, address: '' });

/** Spec A §2, §4, §5: amount, fee, transfer method or recipient address, memo; on success the form resets but keeps the currency. */
export default function WithdrawModal({ currency, name, available, onClose }: Props) {
  const code = currency.toUpperCase();
  const isUsd = currency === 'usd';
  const [fee, setFee] = useState<string | null>(null);
  const [approved, setApproved] = useState<readonly ApprovedAddress[]>([]);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  /** Bumped on success so the approved-address picker starts over with the form. */
  const [round, setRound] = useState(0);
  const { control, handleSubmit, reset, setValue, formState } = useForm<Values, unknown, Output>({
    resolver: zodResolver(withdrawRequestSchema),
    defaultValues: blank(currency),
  });

  useEffect(() => {
    let live = true;
    fetchWithdrawFee(currency).then(
      (f) => live && setFee(f),
      () => live && setFee(null),
    );
    if (!isUsd) {
      fetchApprovedAddresses().then(
        (list) => live && setApproved(list.addresses.filter((a) => a.currency.toLowerCase() === currency && a.status === 'usable')),
        () => {},
      );
    }
    return () => {
      live = false;
    };
  }, [currency, isUsd]);

  const onSubmit = handleSubmit(
    async (values) => {
      setResult(null);
      const body = {
        currency,
        amount: values.amount,
        ...(values.memo ? { memo: values.memo } : {}),
        ...(isUsd ? { transferType: values.transferType } : { address: values.address }),
      };
      try {
        const answer = await submitWithdraw(body);
        if (answer.success) {
          setResult({ ok: true, text: answer.message || 'Your withdrawal was submitted.' });
          reset(blank(currency));
          setRound((n) => n + 1);
        } else {
          setResult({ ok: false, text: answer.message || accountMessages.withdrawUnexpected });
        }
      } catch (error) {
        setResult({ ok: false, text: serverMessage(error) ?? accountMessages.withdrawUnexpected });
      }
    },
    () => setResult(null),
  );

  return (
    <Modal title={`Withdraw ${name} (${code})`} icon={<CurrencyIcon code={currency} />} onClose={onClose}>
      <form className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <p className="muted">
          Available: {amountText(available)} {code}
        </p>
        <FormText control={control} name="amount" label={`Amount (${code})`} inputMode="decimal" autoComplete="off" />
        <p data-testid="withdraw-fee">Fee: {fee === null ? '…' : `${amountText(fee)} ${code}`}</p>
        {isUsd ? (
          <FormSelect
            control={control}
            name="transferType"
            label="Transfer method"
            placeholder="Select a transfer method"
            options={transferTypes}
          />
        ) : (
          <>
            {approved.length > 0 && (
              <label className="field form-field">
                <span className="form-field__label">Approved address</span>
                <select
                  key={round}
                  className="form-input form-select"
                  defaultValue=""
                  onChange={(e) => e.target.value && setValue('address', e.target.value, { shouldValidate: true })}
                >
                  <option value="">Choose an approved address</option>
                  {approved.map((a) => (
                    <option key={a.id} value={a.address}>
                      {a.label} — {a.address}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <FormText control={control} name="address" label="Recipient address" autoComplete="off" spellCheck={false} />
          </>
        )}
        <FormText control={control} name="memo" label="Memo (optional)" autoComplete="off" />
        {result && (
          <div className={result.ok ? 'alert alert-success' : 'alert alert-error'} role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </div>
        )}
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <BusyButton type="submit" className="btn btn-primary" busy={formState.isSubmitting}>
            Submit Withdraw
          </BusyButton>
        </div>
      </form>
    </Modal>
  );
}

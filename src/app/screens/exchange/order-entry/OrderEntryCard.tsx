import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { orderMessages } from '../../../../shared/messages';
import {
  emptyOrderEntryValues,
  expiryMs,
  orderEntryFields,
  orderEntrySchema,
  type OrderEntryContext,
  type OrderEntryField,
  type OrderEntryValues,
} from '../../../../shared/orders/order-entry-form';
import { destinations, timeInForceByType, type TimeInForce } from '../../../../shared/orders/order-types';
import type { OrderEntryView, OrderSubmitOptions, OrderTypeName, QuoteView } from '../../../../worker/public';
import { Field } from '../../../forms/Field';
import { useBalances } from '../../../hooks/useBalances';
import { useEngine } from '../../../hooks/useEngine';
import { useOrderEntry } from '../../../hooks/useOrderEntry';
import { usePairCodes } from '../../../hooks/usePairCodes';
import { systemTimers } from '../../../time/timers';
import { useQuote } from '../../../hooks/useQuote';
import { toast } from '../../../toast/toast';
import { formatDecimal } from '../format/decimal-text';
import AdvancedMenu from './AdvancedMenu';
import BalancePanel from './BalancePanel';
import SideTabs from './SideTabs';
import WithdrawalFeeNote from './WithdrawalFeeNote';
import { PercentButtons, PriceShortcuts } from './ShortcutButtons';
import './order-entry.css';
import { BusyButton } from '../../../forms/BusyButton';

// Spec B §2 order entry card. The form (react-hook-form with the shared zod rules) shows and
// checks what the user types and sends it to the engine as intents; the engine holds the draft,
// does the arithmetic (the derived limit field, shortcuts, trailing figures, quotes) and sends
// the order. Fields the engine set itself are copied back into the form by revision.

const TOAST_MS = 5000;
const FORM_DEFAULTS: OrderEntryValues = { ...emptyOrderEntryValues, timeInForce: 'GTC', destination: 'Ox' };

function EstimateRow({ label, value, unit }: { label: string; value: string | null; unit: string }) {
  return (
    <div className="oe-estimate">
      <dt className="muted">{label}</dt>
      <dd>{value === null ? '—' : `${formatDecimal(value, { minDecimals: 8, maxDecimals: 8 })} ${unit}`}</dd>
    </div>
  );
}

function MarketEstimate({ quote, side, base, quoteCode }: { quote: QuoteView; side: 'buy' | 'sell'; base: string; quoteCode: string }) {
  // While a request for quote is in flight (not during the 300 ms wait before it).
  const busy = quote.status === 'loading';
  return (
    <div className="oe-figures" aria-live="polite">
      <dl>
        {side === 'buy' ? (
          <EstimateRow label={orderMessages.estQuantity} value={quote.quantity} unit={base} />
        ) : (
          <EstimateRow label={orderMessages.estAmount} value={quote.amount} unit={quoteCode} />
        )}
      </dl>
      {busy && <p className="oe-note muted">{orderMessages.refreshingQuote}</p>}
      {quote.error && (
        <p className="oe-note field-error" role="alert">
          {quote.error}
        </p>
      )}
    </div>
  );
}

function TrailingFigures({ entry, base, quoteCode }: { entry: OrderEntryView; base: string; quoteCode: string }) {
  return (
    <dl className="oe-figures" aria-live="polite">
      <div className="oe-estimate">
        <dt className="muted">{orderMessages.initialStopPrice}</dt>
        <dd>
          {entry.initialStopPrice === null
            ? '—'
            : `${formatDecimal(entry.initialStopPrice, { minDecimals: 2, maxDecimals: 8 })} ${quoteCode}`}
        </dd>
      </div>
      {entry.side === 'buy' ? (
        <EstimateRow label={orderMessages.estBuy} value={entry.trailEstimate} unit={base} />
      ) : (
        <EstimateRow label={orderMessages.estSell} value={entry.trailEstimate} unit={quoteCode} />
      )}
    </dl>
  );
}

/** A text field of the card: label, input (decimal keyboard), error. */
function DecimalField({
  label,
  placeholder,
  registration,
  error,
  children,
  onFocus,
}: {
  label: string;
  placeholder: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  children?: React.ReactNode;
  onFocus?: () => void;
}) {
  return (
    <div className="oe-field">
      <Field label={label} error={error}>
        {(control) => (
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            className="form-input oe-input"
            placeholder={placeholder}
            {...registration}
            {...control}
            {...(onFocus ? { onFocus } : {})}
          />
        )}
      </Field>
      {children}
    </div>
  );
}

export default function OrderEntryCard() {
  const { api } = useEngine();
  const entry = useOrderEntry();
  const quote = useQuote();
  const balances = useBalances();
  const { base, quote: quoteCode } = usePairCodes();
  const titleId = useId();
  const panelId = useId();
  const tabPrefix = useId();
  const { side, type } = entry;

  // The zod rules read the current type and side when they run.
  const context = useRef<OrderEntryContext>({
    side,
    type,
    trailUnit: entry.trailUnit,
    priceDecimals: entry.priceDecimals,
    now: systemTimers.epochNow(),
  });
  context.current = { side, type, trailUnit: entry.trailUnit, priceDecimals: entry.priceDecimals, now: systemTimers.epochNow() };
  const resolver = useMemo(() => zodResolver(orderEntrySchema(() => ({ ...context.current, now: systemTimers.epochNow() }))), []);
  // The draft outlives the card (it is the engine's): a card shown again starts from it.
  const [initial] = useState(() => ({ values: { ...FORM_DEFAULTS, ...entry.values }, revision: entry.revision }));
  const form = useForm<OrderEntryValues>({ defaultValues: initial.values, resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { register, handleSubmit, setValue, getValues, setError, clearErrors, reset, watch, formState } = form;
  // Read here so react-hook-form tracks them (its form state is a subscription proxy).
  const { errors, isSubmitted, isDirty } = formState;
  /** A shortcut button counts as a change to the form, like typing. */
  const acted = useRef(false);

  // Copy the fields the engine set since we last looked (derived field, shortcuts, resets),
  // except a field the user typed into after the engine made this snapshot: its setting is older
  // than the keystroke (say a type switch's reset arriving after a quick first key).
  const applied = useRef(initial.revision);
  const editsSent = useRef(entry.edits);
  const lastEditOf = useRef<Partial<Record<OrderEntryField, number>>>({});
  useEffect(() => {
    if (entry.revision < applied.current) {
      // A new engine (its counts start over): nothing we sent to the old one is pending.
      lastEditOf.current = {};
      editsSent.current = entry.edits;
    }
    for (const f of orderEntryFields) {
      if (entry.edits < (lastEditOf.current[f] ?? 0)) continue;
      if (entry.setAt[f] > applied.current && getValues(f) !== entry.values[f])
        setValue(f, entry.values[f], { shouldValidate: isSubmitted });
    }
    applied.current = entry.revision;
  }, [entry, getValues, setValue, isSubmitted]);

  // A new type or side starts a fresh form (the engine has cleared the draft).
  useEffect(() => {
    clearErrors();
    const tif = getValues('timeInForce') as TimeInForce;
    if (type !== 'IOC' && !timeInForceByType[type].includes(tif)) setValue('timeInForce', 'GTC');
    if (type !== 'Limit') setValue('destination', 'Ox');
  }, [type, side, clearErrors, getValues, setValue]);

  const field = (name: OrderEntryField) =>
    register(name, {
      onChange: (event: { target: { value: string } }) => {
        lastEditOf.current[name] = ++editsSent.current;
        void api.editOrderField(name, event.target.value);
      },
      ...(name === 'price' ? { onBlur: () => void api.setOrderPriceFocus(false) } : {}),
    });
  const priceFocus = () => void api.setOrderPriceFocus(true);
  const pickPercent = (p: number) => {
    acted.current = true;
    void api.applyOrderPercent(p);
  };
  const pickPrice = (kind: Parameters<typeof api.applyPriceShortcut>[0]) => {
    acted.current = true;
    void api.applyPriceShortcut(kind);
  };
  const selectType = (t: OrderTypeName) => void api.setOrderType(t);

  const notReady = () => toast.warning(orderMessages.fillRequired, { delay: TOAST_MS });

  const send = async (values: OrderEntryValues) => {
    if (!isDirty && !acted.current) {
      notReady();
      return;
    }
    const options: Mutable<OrderSubmitOptions> = {};
    if (type !== 'IOC') options.timeInForce = (values.timeInForce || 'GTC') as TimeInForce;
    if (type === 'Limit' && values.destination) options.destination = values.destination as OrderSubmitOptions['destination'] & string;
    const expires = expiryMs(values.expires);
    if (options.timeInForce === 'GTD' && expires !== null) options.expires = expires;
    if (type === 'Stop' && values.maxSlippage.trim()) options.maxSlippagePercent = values.maxSlippage.trim();
    const result = await api.submitOrder(options);
    if (result.ok) {
      toast.success(result.message);
      acted.current = false;
      reset({ ...getValues(), price: '', quantity: '', amount: '' }, { keepDefaultValues: false });
      return;
    }
    for (const [name, message] of Object.entries(result.fieldErrors)) {
      if (name in FORM_DEFAULTS) setError(name as keyof OrderEntryValues, { type: 'server', message });
    }
    if (result.code === 'INVALID') notReady();
    else if (result.code === 'INSUFFICIENT_BALANCE') toast.warning(result.message, { delay: TOAST_MS });
    else if (result.code === 'PLACE_FAILED')
      toast.error(result.message, { delay: TOAST_MS, ...(result.detail ? { description: result.detail } : {}) });
  };

  const tif = watch('timeInForce');
  const spend = side === 'buy' ? quoteCode : base;
  const sizeField: OrderEntryField = side === 'buy' ? 'amount' : 'quantity';
  const sizeLabel = side === 'buy' ? 'Amount' : 'Quantity';
  const sizePlaceholder = side === 'buy' ? `Total (${quoteCode})` : `Quantity (${base})`;
  const err = (name: keyof OrderEntryValues) => errors[name]?.message;
  const minExpiry = toLocalInput(systemTimers.epochNow() + 60_000);

  return (
    <section className="card ex-card oe-card" aria-labelledby={titleId}>
      <div className="ex-card-header">
        <h2 className="card-title" id={titleId}>
          Order Entry <span className="ex-title-pair">{`${base}/${quoteCode}`}</span>
        </h2>
      </div>
      <SideTabs side={side} panelId={panelId} idPrefix={tabPrefix} onSelect={(s) => void api.setOrderSide(s)} />
      <div role="tabpanel" id={panelId} aria-labelledby={`${tabPrefix}-${side}`} className="oe-panel">
        <div className="oe-types" role="group" aria-label="Order type">
          {(['Market', 'Limit'] as const).map((t) => (
            <button
              key={t}
              type="button"
              className={`btn btn-small oe-type-btn${type === t ? ' is-active' : ''}`}
              aria-pressed={type === t}
              onClick={() => selectType(t)}
            >
              {t}
            </button>
          ))}
          <AdvancedMenu type={type} onSelect={selectType} />
        </div>

        <BalancePanel balances={balances} currency={spend} />

        <form
          className="oe-form"
          noValidate
          onSubmit={handleSubmit(send, notReady)}
          aria-label={`${side === 'buy' ? 'Buy' : 'Sell'} ${base} order`}
        >
          {(type === 'Limit' || type === 'IOC' || type === 'Stop') && (
            <DecimalField
              label={type === 'Stop' ? 'Trigger Price' : 'Price'}
              placeholder={`Price (${quoteCode})`}
              registration={field('price')}
              error={err('price')}
              onFocus={priceFocus}
            >
              <PriceShortcuts onPick={pickPrice} label={type === 'Stop' ? 'Trigger price shortcuts' : 'Price shortcuts'} />
            </DecimalField>
          )}

          {(type === 'Limit' || type === 'IOC') && (
            <DecimalField label="Quantity" placeholder={`Quantity (${base})`} registration={field('quantity')} error={err('quantity')}>
              <PercentButtons onPick={pickPercent} label="Percent of available balance" />
            </DecimalField>
          )}

          {type === 'Limit' && (
            <DecimalField label="Total" placeholder={`Total (${quoteCode})`} registration={field('amount')} error={err('amount')} />
          )}

          {(type === 'Market' || type === 'Stop' || type === 'TrailingStop') && (
            <DecimalField
              key={sizeField}
              label={sizeLabel}
              placeholder={sizePlaceholder}
              registration={field(sizeField)}
              error={err(sizeField)}
            >
              <PercentButtons onPick={pickPercent} label="Percent of available balance" />
            </DecimalField>
          )}

          {type === 'Market' && <MarketEstimate quote={quote} side={side} base={base} quoteCode={quoteCode} />}

          {type === 'TrailingStop' && (
            <>
              <div className="oe-trail-unit" role="group" aria-label="Trail unit">
                {(
                  [
                    ['amount', '$'],
                    ['percent', '%'],
                  ] as const
                ).map(([unit, label]) => (
                  <button
                    key={unit}
                    type="button"
                    className={`btn btn-small oe-type-btn${entry.trailUnit === unit ? ' is-active' : ''}`}
                    aria-pressed={entry.trailUnit === unit}
                    aria-label={unit === 'amount' ? 'Trail in $' : 'Trail in %'}
                    onClick={() => void api.setTrailUnit(unit)}
                  >
                    {label}
                  </button>
                ))}
              </div>
              {entry.trailUnit === 'amount' ? (
                <DecimalField
                  key="stopAmount"
                  label="Trail"
                  placeholder={orderMessages.trailAmountPlaceholder}
                  registration={field('stopAmount')}
                  error={err('stopAmount')}
                />
              ) : (
                <DecimalField
                  key="stopPercent"
                  label="Trail"
                  placeholder={orderMessages.trailPercentPlaceholder}
                  registration={field('stopPercent')}
                  error={err('stopPercent')}
                />
              )}
              <TrailingFigures entry={entry} base={base} quoteCode={quoteCode} />
            </>
          )}

          {type === 'Stop' && (
            <div className="oe-field">
              <Field label="Max slippage (%)" error={err('maxSlippage')} hint="Optional">
                {(control) => (
                  <input
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    className="form-input oe-input"
                    placeholder="e.g. 1"
                    {...register('maxSlippage')}
                    {...control}
                  />
                )}
              </Field>
            </div>
          )}

          <div className="oe-selects">
            {type !== 'IOC' && (
              <Field label="Time in force" error={err('timeInForce')}>
                {(control) => (
                  <select className="form-input oe-input" {...register('timeInForce')} {...control}>
                    {timeInForceByType[type].map((t) => (
                      <option key={t} value={t}>
                        {t}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
            {type === 'Limit' && (
              <Field label="Destination" error={err('destination')}>
                {(control) => (
                  <select className="form-input oe-input" {...register('destination')} {...control}>
                    {destinations.map((d) => (
                      <option key={d} value={d}>
                        {d}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
          </div>

          {type !== 'IOC' && tif === 'GTD' && (
            <Field label="Expires" error={err('expires')}>
              {(control) => (
                <input type="datetime-local" className="form-input oe-input" min={minExpiry} {...register('expires')} {...control} />
              )}
            </Field>
          )}

          <BusyButton
            type="submit"
            className={`btn btn-block oe-submit ${side === 'buy' ? 'btn-buy' : 'btn-sell'}`}
            busy={entry.submitting}
          >
            {side === 'buy' ? `Buy ${base}` : `Sell ${base}`}
          </BusyButton>
        </form>
        <WithdrawalFeeNote />
      </div>
    </section>
  );
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Epoch ms as a datetime-local value in the browser's time zone. */
function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

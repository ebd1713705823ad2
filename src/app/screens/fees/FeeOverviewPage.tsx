import { useState } from 'react';
import { feeRatesSchema, type FeeRates } from '../../../shared/api/account';
import { paths } from '../../../shared/api/paths';
import { accountLimits } from '../../../shared/constants';
import { accountMessages } from '../../../shared/messages';
import { createResource } from '../../data/resource';
import { http } from '../../http/client';
import { useResource } from '../../hooks/useResource';
import { fixedText, percentText } from '../money/fixed-text';
import { usdText } from '../money/usd-text';
import '../money/money.css';

function fetchFeeRates(signal: AbortSignal): Promise<FeeRates> {
  return http.get(paths.account.feeRates, { schema: feeRatesSchema, silent: true, signal });
}

const pct = (rate: string | null) => (rate === null ? '—' : `${percentText(rate, accountLimits.feeRateDecimals)}%`);

/** Spec A §2 Fee Overview: volume with 2 decimals, the three rates as percentages with 3. */
export default function FeeOverviewPage() {
  const [rates] = useState(() => createResource(fetchFeeRates));
  const state = useResource(rates);
  const data = state.data;
  const cards = data
    ? [
        { title: '14-Day Trading Volume', value: data.volume === null ? '—' : usdText(fixedText(data.volume, 2)) },
        { title: 'Maker Fee', value: pct(data.makerRate) },
        { title: 'Taker Fee (NPR)', value: pct(data.nprRate) },
        { title: 'Smart Taker Fee', value: pct(data.nprOffRate) },
      ]
    : [];

  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">Fee Overview</h1>
      </header>
      {state.status === 'error' && !data ? (
        <div className="alert alert-error" role="alert">
          {accountMessages.feeRatesFailed}
        </div>
      ) : !data ? (
        <p className="muted" role="status">
          {accountMessages.feeRatesLoading}
        </p>
      ) : (
        <div className="cards-grid">
          {cards.map((c) => (
            <section key={c.title} className="card" aria-label={c.title}>
              <h2 className="card-title">{c.title}</h2>
              <p className="stat-value">{c.value}</p>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

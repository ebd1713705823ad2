// Spec B §2: a currency icon per row, a default one when the currency has none.
const COLOURS: Readonly<Record<string, string>> = {
  btc: '#f7931a',
  eth: '#627eea',
  usd: '#16c784',
  usdt: '#26a17b',
  usdc: '#2775ca',
  pax: '#00845d',
  sol: '#9945ff',
};

export default function CurrencyIcon({ currency }: { currency: string }) {
  const colour = COLOURS[currency.toLowerCase()];
  if (!colour) {
    return (
      <svg className="currency-icon" viewBox="0 0 24 24" aria-hidden="true" data-default-icon="">
        <circle cx="12" cy="12" r="11" fill="var(--color-surface-3)" />
        <circle cx="12" cy="12" r="6" fill="none" stroke="var(--color-text-muted)" strokeWidth="2" />
      </svg>
    );
  }
  return (
    <svg className="currency-icon" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="11" fill={colour} />
      <text x="12" y="16" textAnchor="middle" fontSize="11" fontWeight="700" fill="#fff">
        {currency.charAt(0).toUpperCase()}
      </text>
    </svg>
  );
}

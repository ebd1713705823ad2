import { decimalSign, formatPercent } from './format/decimal-text';

/** A 24 h change percent, green when up and red when down. */
export default function ChangePercent({ value }: { value: string | null }) {
  const sign = decimalSign(value);
  const tone = sign > 0 ? ' ex-up' : sign < 0 ? ' ex-down' : '';
  return <span className={`num ex-change${tone}`}>{formatPercent(value)}</span>;
}

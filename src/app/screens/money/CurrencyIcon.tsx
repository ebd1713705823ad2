/** A round badge with the currency's initials: an icon that needs no image per coin. */
export default function CurrencyIcon({ code }: { code: string }) {
  return (
    <span className="currency-icon" aria-hidden="true">
      {code.slice(0, 3).toUpperCase()}
    </span>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A live trade's time (epoch seconds, spec B §3) as local HH:MM:SS. */
export function formatTradeTime(seconds: number): string {
  if (!Number.isFinite(seconds)) return '—';
  const d = new Date(seconds * 1000);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The same instant in full, for the cell's title/dateTime. */
export function tradeIsoTime(seconds: number): string | undefined {
  return Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : undefined;
}

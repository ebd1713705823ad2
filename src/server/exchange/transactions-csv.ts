import { transactionCsvColumns, type TransactionWire } from '../../shared/api/account';

// RFC 4180 text. A cell a spreadsheet would read as a formula (=, +, @, tab, CR, or a minus
// not starting a number) gets a leading apostrophe, so an exported file never runs anything.
const FORMULA_START = /^[=+@\t\r]|^-(?!\d)/;

export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function transactionsCsv(rows: readonly TransactionWire[]): string {
  const lines = [transactionCsvColumns.join(',')];
  for (const r of rows) {
    lines.push(
      [
        String(r.id),
        r.day,
        r.action,
        r.currency.toUpperCase(),
        String(r.amount),
        r.price == null ? '' : String(r.price),
        r.symbol,
        r.status,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

import { describe, expect, it } from 'vitest';
import { csvCell, transactionsCsv } from './transactions-csv';

describe('transactions CSV', () => {
  it('API.transactions.csv-export: header, one line per row, quoting and formula cells neutralised', () => {
    const csv = transactionsCsv([
      {
        id: '7',
        day: '2025-01-01T12:00:00.000Z',
        action: 'Charge',
        currency: 'usd',
        amount: '-24',
        price: '30000',
        symbol: 'btcusd',
        status: 'done',
      },
      {
        id: '6',
        day: '2025-01-01T11:00:00.000Z',
        action: 'Deposit',
        currency: 'btc',
        amount: '1',
        price: null,
        symbol: null,
        status: 'pending',
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'id,date,action,currency,amount,price,symbol,status',
      '7,2025-01-01T12:00:00.000Z,Charge,USD,-24,30000,btcusd,done',
      '6,2025-01-01T11:00:00.000Z,Deposit,BTC,1,,,pending',
      '',
    ]);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('a,b')).toBe('"a,b"');
  });
});

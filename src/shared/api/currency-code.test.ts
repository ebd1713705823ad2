import { describe, expect, it } from 'vitest';
import { addApprovedAddressSchema } from './approved-addresses';
import { currencyCode } from './currency-code';
import { faucetRequestSchema } from './dev';
import { wireCreditSchema } from './operator';
import { withdrawRequestSchema } from './transfers';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);
}

describe('currencyCode', () => {
  it('A8.forms.empty-currency-is-required: empty, blank or missing is required, not a malformed code', () => {
    const code = currencyCode();
    expect(messages(code.safeParse(''))).toEqual(['currency is required.']);
    expect(messages(code.safeParse('   '))).toEqual(['currency is required.']);
    expect(messages(code.safeParse(undefined))).toEqual(['currency is required.']);
    expect(messages(code.safeParse('b'))).toEqual(['currency must be a currency code.']);
    expect(messages(code.safeParse('bt-c'))).toEqual(['currency must be a currency code.']);
  });

  it('A8.forms.empty-currency-is-required: trims and cases the code as the route keeps it', () => {
    expect(currencyCode().parse(' BTC ')).toBe('btc');
    expect(currencyCode('currency', 'upper').parse(' usdt')).toBe('USDT');
    expect(messages(currencyCode('bank_currency').safeParse(''))).toEqual(['bank_currency is required.']);
  });

  it('A8.forms.empty-currency-is-required: every body with a currency code says so under its own key', () => {
    const empty = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
      r.error?.issues.filter((i) => i.path[0] === 'currency').map((i) => i.message);
    expect(empty(addApprovedAddressSchema.safeParse({ label: 'x', currency: '', address: 'y' }))).toEqual(['currency is required.']);
    expect(empty(withdrawRequestSchema.safeParse({ currency: '', amount: '1', address: 'y' }))).toEqual(['currency is required.']);
    expect(empty(faucetRequestSchema.safeParse({ currency: '', amount: '1' }))).toEqual(['currency is required.']);
    expect(empty(wireCreditSchema.safeParse({ userId: 'u', currency: '', amount: '1', reference: 'r' }))).toEqual([
      'currency is required.',
    ]);
  });
});

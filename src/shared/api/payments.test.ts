import { describe, expect, it } from 'vitest';
import { domesticBankAccount } from '../../../tests/support/bank-account-bodies';
import { bankAccountSchema, createBankAccountSchema } from './payments';

// A domestic individual account that passes every rule of the create schema.
const domestic = domesticBankAccount;

/** The field paths the create schema refuses a body for. */
function refused(body: Record<string, unknown>): string[] {
  const result = createBankAccountSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('bank accounts (spec A §3, §5)', () => {
  it('A3.bank-account.fields: an answered bank account keeps its ten fields', () => {
    const account = bankAccountSchema.parse({
      id: 12,
      bank_name: 'First Harbor Bank',
      account_number: '••••6789',
      routing_number: '021000021',
      currency: 'usd',
      type: 'checking',
      name1: 'Ada Lovelace',
      ach_enabled: true,
      international_bank: false,
      status: 'active',
    });
    expect(account).toEqual({
      id: '12',
      bank_name: 'First Harbor Bank',
      account_number: '••••6789',
      routing_number: '021000021',
      currency: 'usd',
      type: 'checking',
      name1: 'Ada Lovelace',
      ach_enabled: true,
      international_bank: false,
      status: 'active',
    });
  });

  it.each(['type', 'bank_account_type', 'is_international', 'account_number', 'enable_wires', 'first_name', 'last_name'])(
    'A5.bank-account.required-fields: a body without %s is refused for it',
    (field) => {
      expect(refused(domestic)).toEqual([]);
      expect(refused({ ...domestic, [field]: undefined })).toContain(field);
    },
  );

  it('A5.bank-account.corporate-name: a corporate account needs the business name, an individual one does not', () => {
    expect(refused({ ...domestic, type: 'corporate' })).toEqual(['name']);
    expect(refused({ ...domestic, type: 'corporate', name: 'Analytical Engines Ltd' })).toEqual([]);
    expect(refused(domestic)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { userSchema } from './users';

describe('the user as the server answers it (spec A §3)', () => {
  it('A3.user.fields: account type, roles, email, phone_number and the five flags are read', () => {
    const user = userSchema.parse({
      id: 7,
      email: 'grace@example.com',
      account_type: 'corporation',
      roles: ['client', 'operator'],
      phone_number: '+15551234567',
      email_confirmed: true,
      phone_confirmed: true,
      has_submitted_principal_address: true,
      has_submitted_beneficial_owners: true,
      enhanced_due_diligence_required: true,
    });
    expect(user).toEqual({
      id: '7',
      email: 'grace@example.com',
      account_type: 'corporation',
      roles: ['client', 'operator'],
      phone_number: '+15551234567',
      email_confirmed: true,
      phone_confirmed: true,
      has_submitted_principal_address: true,
      has_submitted_beneficial_owners: true,
      enhanced_due_diligence_required: true,
    });
  });

  it('A3.user.account-type-spellings: accountType and account_type are both read', () => {
    expect(userSchema.parse({ id: 1, email: 'a@b.c', accountType: 'corporation' }).account_type).toBe('corporation');
    expect(userSchema.parse({ id: 1, email: 'a@b.c', account_type: 'corporation' }).account_type).toBe('corporation');
  });
});

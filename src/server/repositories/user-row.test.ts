import { describe, expect, it } from 'vitest';
import { userRow } from './user-row';

const required = {
  id: 'u1',
  email: '  Ada.Lovelace@Example.COM ',
  password_hash: 'hash',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone_country_code: '+44',
  phone_number: '2079460000',
  account_type: 'individual',
  account_role: 'client',
};

describe('users row', () => {
  it('CORE.accounts.user-row-defaults: normalised email, unverified, nothing submitted, the role as only role', () => {
    const row = userRow(required, 1234);
    expect(row).toMatchObject({
      email: required.email,
      email_normalized: 'ada.lovelace@example.com',
      roles: '["client"]',
      email_confirmed: 0,
      phone_confirmed: 0,
      has_submitted_principal_address: 0,
      has_submitted_beneficial_owners: 0,
      enhanced_due_diligence_required: 0,
      account_purpose: null,
      individual_details: null,
      business_details: null,
      principal_place_country: null,
      principal_place_postal_code: null,
      created_at: 1234,
      updated_at: 1234,
    });
    expect(row.account_kind).toBeUndefined();
  });

  it('CORE.accounts.user-row-defaults: given columns win over the defaults, the normalised email and times do not', () => {
    const row = userRow({ ...required, email_confirmed: 1, roles: '["client","admin"]', account_kind: 'system' }, 5);
    expect(row).toMatchObject({ email_confirmed: 1, roles: '["client","admin"]', account_kind: 'system', created_at: 5 });
    const sneaky = { ...required, email_normalized: 'other@example.com', created_at: 1 } as Parameters<typeof userRow>[0];
    expect(userRow(sneaky, 9)).toMatchObject({ email_normalized: 'ada.lovelace@example.com', created_at: 9, updated_at: 9 });
  });
});

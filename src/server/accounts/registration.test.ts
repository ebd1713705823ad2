import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { registrationRequestSchema } from '../../shared/api/users';
import { AppError } from '../errors';
import { createTextSealer } from '../lib/sealed-text';
import { openBeneficialOwner, readIndividualDetails } from './id-numbers';
import { beneficialOwnerRows, newUserRow, splitPhone } from './registration';

const sealer = createTextSealer(randomBytes(32));

describe('splitPhone', () => {
  it('strips the country code from the joined number', () => {
    expect(splitPhone('+1', '+12025550100')).toBe('2025550100');
    expect(splitPhone('+44', '+442071234567')).toBe('2071234567');
  });

  it('rejects a number that does not start with its country code, or is only the code', () => {
    expect(() => splitPhone('+44', '+12025550100')).toThrow(AppError);
    expect(() => splitPhone('+1', '+1')).toThrow(AppError);
  });
});

describe('newUserRow', () => {
  const base = {
    first_name: 'A',
    last_name: 'B',
    email: 'Mixed.Case@Example.com',
    phone_country_code: '+1',
    phone_number: '+12025550100',
    password: 'Aa!aaaaaaaa1',
    password2: 'Aa!aaaaaaaa1',
  };
  const individual = {
    dob: '1990-01-01',
    residential_country_code: 'DE',
    residential_address: 'x',
    residential_city: 'Berlin',
    residential_postal_code: '10115',
    id_type: 'passport',
    id_number: 'P1',
    id_country_code: 'DE',
  };

  it('CORE.accounts.new-user: normalises the email for uniqueness and starts unverified with the client role', () => {
    const input = registrationRequestSchema.parse({ ...base, account_type: 'individual', individual });
    const row = newUserRow(input, 'hash', 5, sealer);
    expect(row).toMatchObject({
      email: 'Mixed.Case@Example.com',
      email_normalized: 'mixed.case@example.com',
      phone_number: '2025550100',
      roles: '["client"]',
      email_confirmed: 0,
      has_submitted_principal_address: 0,
      created_at: 5,
    });
    expect(JSON.parse(row.individual_details!)).toMatchObject({ residential_city: 'Berlin', residential_state: null });
  });

  it('stores the ID number sealed to the row, and it opens again with the same key', () => {
    const input = registrationRequestSchema.parse({ ...base, account_type: 'individual', individual });
    const row = newUserRow(input, 'hash', 5, sealer);
    expect(row.individual_details).not.toContain('"P1"');
    expect(JSON.parse(row.individual_details!).id_number).toMatch(/^v1\./);
    expect(readIndividualDetails({ id: row.id, individual_details: row.individual_details! }, sealer)).toMatchObject({ id_number: 'P1' });
    // Bound to its row: the same JSON under another user's id does not open.
    expect(() => readIndividualDetails({ id: 'someone-else', individual_details: row.individual_details! }, sealer)).toThrow();
  });
});

describe('beneficialOwnerRows', () => {
  it('seals each owner ID number to its own row', () => {
    const owner = {
      first_name: 'G',
      last_name: 'H',
      email: 'g@example.com',
      dob: '1970-01-01',
      phone_number: '+12025550111',
      id_type: 'ssn' as const,
      id_country_code: 'US',
      id_number: '123-45-6789',
      residential_country_code: 'US',
      residential_address: 'x',
      residential_city: 'y',
      residential_state: 'NY',
      residential_postal_code: '10001',
    };
    const rows = beneficialOwnerRows([owner, { ...owner, id_number: '234-56-7890' }], sealer);
    expect(rows.map((r) => r.id_number).join()).not.toMatch(/\d{3}-\d{2}-\d{4}/);
    const stored = rows.map((r, position) => ({ ...r, user_id: 'u', position, created_at: 0 }));
    expect(stored.map((r) => openBeneficialOwner(r, sealer).id_number)).toEqual(['123-45-6789', '234-56-7890']);
    expect(() => openBeneficialOwner({ ...stored[0]!, id: stored[1]!.id }, sealer)).toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { registrationRequestSchema } from '../../shared/api/users';
import { AppError } from '../errors';
import { newUserRow, splitPhone } from './registration';

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
    password: 'Aa!aaaaa',
    password2: 'Aa!aaaaa',
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

  it('normalises the email for uniqueness and starts unverified with the client role', () => {
    const input = registrationRequestSchema.parse({ ...base, account_type: 'individual', individual });
    const row = newUserRow(input, 'hash', 5);
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
});

import type { UserWire } from '../../shared/api/users';

/** A fully onboarded individual, as the server would send it. */
export function wireUser(overrides: Partial<UserWire> = {}): UserWire {
  return {
    id: 'u-1',
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    account_type: 'individual',
    roles: ['client'],
    phone_number: '+15551234567',
    email_confirmed: true,
    phone_confirmed: true,
    has_submitted_principal_address: false,
    has_submitted_beneficial_owners: false,
    enhanced_due_diligence_required: false,
    ...overrides,
  };
}

import type { NewUser } from '../db/schema';
import { normalizeEmail } from './users';

/** What a users row must be told; every other column has the default of a bare new account. */
export type UserRowFields = Pick<
  NewUser,
  'id' | 'email' | 'password_hash' | 'first_name' | 'last_name' | 'phone_country_code' | 'phone_number' | 'account_type' | 'account_role'
> &
  Partial<Omit<NewUser, 'email_normalized' | 'created_at' | 'updated_at'>>;

/**
 * The one place a users row is put together (registration, seed, simulator accounts, test
 * harnesses), so a new column gets its default here and nowhere else. Defaults: unverified,
 * no onboarding step submitted, no details, the account role as the only role; the kind is
 * left to the column's default ('customer') unless given.
 */
export function userRow(fields: UserRowFields, now: number): NewUser {
  return {
    account_purpose: null,
    roles: JSON.stringify([fields.account_role]),
    email_confirmed: 0,
    phone_confirmed: 0,
    has_submitted_principal_address: 0,
    has_submitted_beneficial_owners: 0,
    enhanced_due_diligence_required: 0,
    individual_details: null,
    business_details: null,
    principal_place_country: null,
    principal_place_state: null,
    principal_place_address: null,
    principal_place_city: null,
    principal_place_postal_code: null,
    ...fields,
    email_normalized: normalizeEmail(fields.email),
    created_at: now,
    updated_at: now,
  };
}

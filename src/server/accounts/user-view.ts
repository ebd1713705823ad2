import type { UserWire } from '../../shared/api/users';
import type { AccountType } from '../../shared/enums';
import { parseRoles } from '../auth';
import type { UserRow } from '../db/schema';
import { fromBool01 } from '../lib/bool';

/**
 * The user as every account call answers it (spec A §3): both spellings of the account type,
 * flags as booleans, phone as country code joined to the national number.
 */
export function userView(row: UserRow): UserWire {
  const accountType = row.account_type as AccountType;
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    account_type: accountType,
    accountType,
    roles: parseRoles(row.roles),
    phone_number: `${row.phone_country_code}${row.phone_number}`,
    email_confirmed: fromBool01(row.email_confirmed),
    phone_confirmed: fromBool01(row.phone_confirmed),
    has_submitted_principal_address: fromBool01(row.has_submitted_principal_address),
    has_submitted_beneficial_owners: fromBool01(row.has_submitted_beneficial_owners),
    enhanced_due_diligence_required: fromBool01(row.enhanced_due_diligence_required),
  };
}

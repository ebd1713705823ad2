import type { IndividualDetails } from '../../shared/api/users';
import type { BeneficialOwnerRow, UserRow } from '../db/schema';
import type { TextSealer } from '../lib/sealed-text';

// ID numbers (SSN, passport) of individuals and of beneficial owners are stored sealed
// (lib/sealed-text.ts, key ServerKeys.idNumbers). Everything else about a person stays
// readable in the database; the ID number is what identity theft needs.

/** What each stored ID number is bound to: its column and its row. */
export const idNumberContext = {
  individual: (userId: string) => `users.individual_details.id_number:${userId}`,
  beneficialOwner: (ownerId: string) => `beneficial_owners.id_number:${ownerId}`,
} as const;

/** The users.individual_details JSON of a registration, its ID number sealed. */
export function individualDetailsJson(details: IndividualDetails, userId: string, sealer: TextSealer): string {
  return JSON.stringify({
    ...details,
    residential_state: details.residential_state || null,
    id_number: sealer.seal(details.id_number, idNumberContext.individual(userId)),
  });
}

/** The individual details of a user with the ID number opened; null when there are none. */
export function readIndividualDetails(
  user: Pick<UserRow, 'id' | 'individual_details'>,
  sealer: TextSealer,
): (Omit<IndividualDetails, 'residential_state'> & { residential_state: string | null }) | null {
  if (!user.individual_details) return null;
  const stored = JSON.parse(user.individual_details) as IndividualDetails & { residential_state: string | null };
  return { ...stored, id_number: sealer.open(stored.id_number, idNumberContext.individual(user.id)) };
}

/** A stored beneficial owner row with its ID number opened. */
export function openBeneficialOwner(row: BeneficialOwnerRow, sealer: TextSealer): BeneficialOwnerRow {
  return { ...row, id_number: sealer.open(row.id_number, idNumberContext.beneficialOwner(row.id)) };
}

import type { BeneficialOwner, PrincipalPlace, RegistrationParsed } from '../../shared/api/users';
import { registerMessages } from '../../shared/messages';
import { DEFAULT_ROLE } from '../../shared/enums';
import type { NewUser, UserUpdate } from '../db/schema';
import { validationError } from '../errors';
import { toBool01 } from '../lib/bool';
import { newId } from '../lib/ids';
import type { TextSealer } from '../lib/sealed-text';
import type { NewBeneficialOwner } from '../repositories';
import { userRow } from '../repositories/user-row';
import { idNumberContext, individualDetailsJson } from './id-numbers';

/**
 * Splits the wire phone number (country code joined to the national number) back into its
 * parts; the joined number must start with the declared country code.
 */
export function splitPhone(countryCode: string, joined: string): string {
  if (!joined.startsWith(countryCode) || joined.length <= countryCode.length) {
    throw validationError({ phone_number: [registerMessages.phoneNumber] });
  }
  return joined.slice(countryCode.length);
}

export function principalPlaceColumns(place: PrincipalPlace): UserUpdate {
  return {
    principal_place_country: place.principal_place_country,
    principal_place_state: place.principal_place_state || null,
    principal_place_address: place.principal_place_address,
    principal_place_city: place.principal_place_city,
    principal_place_postal_code: place.principal_place_postal_code,
  };
}

/** The rows of a submitted owners list, each ID number sealed to its row. */
export function beneficialOwnerRows(owners: readonly BeneficialOwner[], sealer: TextSealer): NewBeneficialOwner[] {
  return owners.map((o) => {
    const id = newId();
    return {
      id,
      first_name: o.first_name,
      middle_name: o.middle_name || null,
      last_name: o.last_name,
      email: o.email,
      dob: o.dob,
      phone_number: o.phone_number,
      id_type: o.id_type,
      id_country_code: o.id_country_code,
      id_number: sealer.seal(o.id_number, idNumberContext.beneficialOwner(id)),
      residential_country_code: o.residential_country_code,
      residential_address: o.residential_address,
      residential_city: o.residential_city,
      residential_state: o.residential_state || null,
      residential_postal_code: o.residential_postal_code,
    };
  });
}

/** The users row for a validated registration (password already hashed, ID number sealed). */
export function newUserRow(input: RegistrationParsed, passwordHash: string, now: number, sealer: TextSealer): NewUser {
  const isBusiness = input.account_type === 'corporation';
  const place = isBusiness && input.business ? principalPlaceColumns(input.business) : {};
  const id = newId();
  return userRow(
    {
      id,
      email: input.email,
      password_hash: passwordHash,
      first_name: input.first_name,
      last_name: input.last_name,
      phone_country_code: input.phone_country_code,
      phone_number: splitPhone(input.phone_country_code, input.phone_number),
      account_type: input.account_type,
      account_role: input.account_role,
      account_purpose: isBusiness ? (input.business_details?.account_purpose ?? input.account_purpose) : input.account_purpose,
      roles: JSON.stringify([input.account_role ?? DEFAULT_ROLE]),
      has_submitted_principal_address: toBool01(isBusiness && !!input.business),
      // The Finish button of the owners step submits the registration, so a present list (even
      // an empty one: "no owners above 25%") means the step was done.
      has_submitted_beneficial_owners: toBool01(isBusiness && input.beneficial_owners !== undefined),
      individual_details: !isBusiness && input.individual ? individualDetailsJson(input.individual, id, sealer) : null,
      business_details: isBusiness && input.business_details ? JSON.stringify(input.business_details) : null,
      ...place,
    },
    now,
  );
}

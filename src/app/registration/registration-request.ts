import {
  joinPhone,
  type BeneficialOwner,
  type BusinessDetails,
  type PrincipalPlace,
  type RegistrationRequest,
} from '../../shared/api/users';
import { accountLimits } from '../../shared/constants';
import type { RegistrationModel } from './registration-store';

const US = accountLimits.defaultCountry;

/** A state only means something for a US address; elsewhere it is left out. */
function stateFor(country: string, state: string): string | undefined {
  return country === US && state ? state : undefined;
}

/** The five principal place fields as sent, without a state outside the US. */
export function principalPlaceBody(place: PrincipalPlace): PrincipalPlace {
  return { ...place, principal_place_state: stateFor(place.principal_place_country, place.principal_place_state ?? '') };
}

/** An owner as sent: without a state when the residence is outside the US. */
export function beneficialOwnerBody(owner: BeneficialOwner): BeneficialOwner {
  return { ...owner, residential_state: stateFor(owner.residential_country_code, owner.residential_state ?? '') };
}

/** The body of POST /v1/users/register built from the registration model (spec A §7). */
export function toRegistrationRequest(model: RegistrationModel): RegistrationRequest {
  const base = {
    account_type: model.account_type,
    first_name: model.first_name,
    last_name: model.last_name,
    email: model.email,
    phone_country_code: model.phone_country_code,
    phone_number: joinPhone(model.phone_country_code, model.phone_number),
    password: model.password,
    password2: model.password2,
    account_role: model.account_role,
    account_purpose: model.account_purpose,
  };

  if (model.account_type === 'individual') {
    const i = model.individual;
    return { ...base, individual: { ...i, residential_state: stateFor(i.residential_country_code, i.residential_state) } };
  }

  // The business step validated these against businessDetailsSchema before storing them.
  const details = model.business_details as BusinessDetails;
  return {
    ...base,
    account_purpose: details.account_purpose,
    business: principalPlaceBody(model.business),
    business_details: details,
  };
}

import type { z } from 'zod';
import type { beneficialOwnerSchema } from '../../shared/api/users';
import { accountLimits } from '../../shared/constants';

/** A blank owner as spec A §3 defines it: US ID (ssn) and US residence. */
export function emptyBeneficialOwner(): z.input<typeof beneficialOwnerSchema> {
  return {
    first_name: '',
    middle_name: '',
    last_name: '',
    email: '',
    dob: '',
    phone_number: '',
    id_type: 'ssn',
    id_country_code: accountLimits.defaultCountry,
    id_number: '',
    residential_country_code: accountLimits.defaultCountry,
    residential_address: '',
    residential_city: '',
    residential_state: '',
    residential_postal_code: '',
  };
}

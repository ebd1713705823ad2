import type { z } from 'zod';
import { accountLimits, storageKeys } from '../../shared/constants';
import { DEFAULT_ROLE, type AccountType } from '../../shared/enums';
import type {
  BeneficialOwner,
  businessDetailsSchema,
  IndividualDetails,
  PrincipalPlace,
} from '../../shared/api/users';

/**
 * The registration model of spec A §3, carried across the registration steps.
 *
 * It lives in sessionStorage so a reload keeps the user's answers, except the two password
 * fields: those stay in memory only, because anything in Web Storage can be read by any
 * script on the origin. After a reload the detail steps send the user back to step 1 to
 * type the password again (see `hasPassword`).
 */
export interface RegistrationModel {
  account_type: AccountType;
  first_name: string;
  last_name: string;
  email: string;
  phone_country_code: string;
  /** The national number as typed; joined to the country code only when sending. */
  phone_number: string;
  password: string;
  password2: string;
  account_role: typeof DEFAULT_ROLE;
  account_purpose: string;
  individual: Required<IndividualDetails>;
  business: Required<PrincipalPlace>;
  /** Form-only: kept so going back and forth does not lose the business answers. */
  business_details?: Partial<z.input<typeof businessDetailsSchema>>;
  beneficial_owners?: BeneficialOwner[];
}

type Secrets = Pick<RegistrationModel, 'password' | 'password2'>;
type Stored = Omit<RegistrationModel, keyof Secrets>;

export function defaultRegistration(): RegistrationModel {
  return {
    account_type: 'individual',
    first_name: '',
    last_name: '',
    email: '',
    phone_country_code: accountLimits.defaultPhoneCountryCode,
    phone_number: '',
    password: '',
    password2: '',
    account_role: DEFAULT_ROLE,
    account_purpose: 'Investing',
    individual: {
      dob: '',
      residential_country_code: accountLimits.defaultCountry,
      residential_address: '',
      residential_city: '',
      residential_state: '',
      residential_postal_code: '',
      id_type: 'ssn',
      id_number: '',
      id_country_code: accountLimits.defaultCountry,
    },
    business: {
      principal_place_country: accountLimits.defaultCountry,
      principal_place_state: '',
      principal_place_address: '',
      principal_place_city: '',
      principal_place_postal_code: '',
    },
  };
}

const NO_SECRETS: Secrets = { password: '', password2: '' };
let secrets: Secrets = NO_SECRETS;
// Used when sessionStorage is unavailable (disabled storage, some private modes).
let fallback: Stored | null = null;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function readStored(): Partial<Stored> {
  try {
    const raw = sessionStorage.getItem(storageKeys.registration);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isRecord(parsed) ? (parsed as Partial<Stored>) : {};
  } catch {
    return fallback ?? {};
  }
}

function writeStored(model: Stored): void {
  try {
    sessionStorage.setItem(storageKeys.registration, JSON.stringify(model));
  } catch {
    fallback = model;
  }
}

function read(): RegistrationModel {
  const defaults = defaultRegistration();
  const stored = readStored();
  // Merged over the defaults so an older or partial copy still yields a complete model.
  return {
    ...defaults,
    ...stored,
    individual: { ...defaults.individual, ...(isRecord(stored.individual) ? stored.individual : {}) },
    business: { ...defaults.business, ...(isRecord(stored.business) ? stored.business : {}) },
    ...secrets,
  };
}

export const registrationStore = {
  get: read,

  update(patch: Partial<RegistrationModel>): RegistrationModel {
    const next = { ...read(), ...patch };
    const { password, password2, ...stored } = next;
    secrets = { password, password2 };
    writeStored(stored);
    return next;
  },

  clear(): void {
    secrets = NO_SECRETS;
    fallback = null;
    try {
      sessionStorage.removeItem(storageKeys.registration);
    } catch {
      // Nothing stored, nothing to clear.
    }
  },

  /** The spec A §5 guard condition for the detail steps. */
  hasEmail(): boolean {
    return read().email.trim() !== '';
  },

  /** False after a reload: the password is never persisted. */
  hasPassword(): boolean {
    return secrets.password !== '';
  },
};

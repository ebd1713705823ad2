import type { z } from 'zod';
import { accountLimits, storageKeys } from '../../shared/constants';
import { DEFAULT_ROLE, type AccountType } from '../../shared/enums';
import type { BeneficialOwner, businessDetailsSchema, IndividualDetails, PrincipalPlace } from '../../shared/api/users';

/**
 * The registration model of spec A §3, carried across the registration steps.
 *
 * It lives in sessionStorage so a reload keeps the user's answers, except what would hurt if
 * another script on the origin read it: the two password fields, the date of birth and the ID
 * number (SSN or passport), of the user and of any beneficial owner. Those stay in this
 * module's memory only. What a reload keeps: account type, names, email, phone, account
 * purpose, residence, ID type and ID country, the business answers and owners' other
 * details. What it loses: the passwords (the detail steps send the user back to step 1 to
 * type them again, see `hasPassword`), and the date of birth and ID number (typed again on
 * the details step).
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

/** The parts kept in memory only. */
interface Secrets {
  password: string;
  password2: string;
  dob: string;
  id_number: string;
  /** Per beneficial owner, by position. */
  owners: ReadonlyArray<Pick<BeneficialOwner, 'dob' | 'id_number'>>;
}
type Stored = Omit<RegistrationModel, 'password' | 'password2'>;

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

const NO_SECRETS: Secrets = { password: '', password2: '', dob: '', id_number: '', owners: [] };
let secrets: Secrets = NO_SECRETS;
// Used when sessionStorage is unavailable (disabled storage, some private modes).
let fallback: Stored | null = null;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The model without what stays in memory (see Secrets), as it may be written to storage. */
function withoutSecrets(model: Partial<Stored>): Partial<Stored> {
  const copy: Partial<Stored> = { ...model };
  if (isRecord(copy.individual)) {
    const { dob: _dob, id_number: _idNumber, ...individual } = copy.individual;
    copy.individual = individual as Stored['individual'];
  }
  if (Array.isArray(copy.beneficial_owners)) {
    copy.beneficial_owners = copy.beneficial_owners.map((owner) => {
      const { dob: _dob, id_number: _idNumber, ...rest } = isRecord(owner) ? owner : ({} as BeneficialOwner);
      return rest as BeneficialOwner;
    });
  }
  return copy;
}

function writeStored(model: Partial<Stored>): void {
  try {
    sessionStorage.setItem(storageKeys.registration, JSON.stringify(withoutSecrets(model)));
  } catch {
    fallback = withoutSecrets(model) as Stored;
  }
}

function readStored(): Partial<Stored> {
  try {
    const raw = sessionStorage.getItem(storageKeys.registration);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!isRecord(parsed)) return {};
    const stored = parsed as Partial<Stored>;
    // A copy written before dates of birth and ID numbers were kept out of storage: rewrite it without them.
    const clean = withoutSecrets(stored);
    if (JSON.stringify(clean) !== raw) writeStored(clean);
    return clean;
  } catch {
    return fallback ?? {};
  }
}

function read(): RegistrationModel {
  const defaults = defaultRegistration();
  const stored = readStored();
  const owners = Array.isArray(stored.beneficial_owners) ? stored.beneficial_owners : undefined;
  // Merged over the defaults so an older or partial copy still yields a complete model.
  return {
    ...defaults,
    ...stored,
    individual: {
      ...defaults.individual,
      ...(isRecord(stored.individual) ? stored.individual : {}),
      dob: secrets.dob,
      id_number: secrets.id_number,
    },
    business: { ...defaults.business, ...(isRecord(stored.business) ? stored.business : {}) },
    ...(owners ? { beneficial_owners: owners.map((o, i) => ({ ...o, dob: '', id_number: '', ...secrets.owners[i] })) } : {}),
    password: secrets.password,
    password2: secrets.password2,
  };
}

export const registrationStore = {
  get: read,

  update(patch: Partial<RegistrationModel>): RegistrationModel {
    const next = { ...read(), ...patch };
    const { password, password2, ...stored } = next;
    secrets = {
      password,
      password2,
      dob: next.individual.dob,
      id_number: next.individual.id_number,
      owners: (next.beneficial_owners ?? []).map((o) => ({ dob: o.dob, id_number: o.id_number })),
    };
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

import { z } from 'zod';
import { flag } from '../flags';
import { accountLimits } from '../constants';
import {
  accountTypes,
  businessAccountPurposes,
  businessTypes,
  idTypeLabels,
  idTypes,
  individualAccountPurposes,
  organizationTypes,
} from '../enums';
import { countryCodes, diallingCodeSet, usStateCodes } from '../geo';
import {
  beneficialOwnerMessages,
  businessDetailsMessages,
  individualMessages,
  passwordPolicyMessages,
  principalAddressMessages,
  registerMessages,
} from '../messages';
import { brokenPasswordRules, PASSWORD_MAX_LENGTH, type PasswordRule } from './password-policy';

// Spec A §3: the user, the registration model, business details and beneficial owners.

/* ---------- the user as the server answers it ---------- */

/**
 * Tolerant reading of a user (spec A §3): `accountType` or `account_type`, flags as boolean
 * or the string 'true'. The output is always the normalised shape.
 */
export const userSchema = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    email: z.string(),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    account_type: z.enum(accountTypes).optional(),
    accountType: z.enum(accountTypes).optional(),
    roles: z.array(z.string()).default([]),
    phone_number: z.string().nullish(),
    email_confirmed: flag.default(false),
    phone_confirmed: flag.default(false),
    has_submitted_principal_address: flag.default(false),
    has_submitted_beneficial_owners: flag.default(false),
    enhanced_due_diligence_required: flag.default(false),
  })
  .transform(({ accountType, account_type, ...rest }) => ({
    ...rest,
    account_type: account_type ?? accountType ?? 'individual',
  }));
export type User = z.output<typeof userSchema>;
/** What a server sends: both spellings of the account type, booleans as booleans. */
export type UserWire = z.input<typeof userSchema>;

/* ---------- field helpers ---------- */

const required = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max, message);
const optionalText = (max = 200) => z.string().trim().max(max).optional();

const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE_RE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Spec A §5: date of birth between 1900-01-01 and 2005-12-31. */
export const dobField = (requiredMessage: string) =>
  required(requiredMessage, 10)
    .refine(isIsoDate, requiredMessage)
    .refine((v) => v >= accountLimits.dobMin && v <= accountLimits.dobMax, individualMessages.dobRange);

export const countryField = (message: string) => required(message, 2).refine((v) => countryCodes.has(v), message);

/**
 * SSN validity (the "custom validator" of spec A §5): nine digits as XXX-XX-XXXX, and not a
 * number the SSA never issues (area 000, 666 or 9xx; group 00; serial 0000).
 */
export const SSN_RE = /^(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}$/;
export function isValidSsn(value: string): boolean {
  return SSN_RE.test(value);
}

/** Register step 1 says which rule a password breaks: spec A §5's texts and ours. */
const registerRuleMessages: Record<PasswordRule, string> = {
  length: passwordPolicyMessages.tooShort,
  symbol: registerMessages.passwordNonAlphanumeric,
  lowercase: registerMessages.passwordLowercase,
  uppercase: registerMessages.passwordUppercase,
  digit: passwordPolicyMessages.digit,
};

/** The shared password rule (password-policy.ts), one message per broken part. */
export const registerPasswordField = z
  .string({ error: registerMessages.passwordRequired })
  .min(1, registerMessages.passwordRequired)
  .max(PASSWORD_MAX_LENGTH)
  .superRefine((value, ctx) => {
    for (const rule of brokenPasswordRules(value, 'register')) ctx.addIssue({ code: 'custom', message: registerRuleMessages[rule] });
  });

export const phoneCountryCodeField = required(registerMessages.phoneCountryCode, 8).refine(
  (v) => diallingCodeSet.has(v),
  registerMessages.phoneCountryCode,
);

/** A national number as typed: digits with optional spaces, dashes, dots or brackets. */
export const nationalPhoneField = required(registerMessages.phoneNumber, 32).refine((v) => {
  const digits = v.replace(/[\s\-().]/g, '');
  return /^\d{4,14}$/.test(digits);
}, registerMessages.phoneNumber);

/** The wire phone number: country code joined to the national number, e.g. +15551234567. */
export const e164Field = (message: string) => required(message, 20).refine((v) => /^\+\d{6,15}$/.test(v), message);

export function joinPhone(countryCode: string, national: string): string {
  return `${countryCode}${national.replace(/[^\d]/g, '')}`;
}

/** Adds the per-ID-type rules shared by individuals and beneficial owners. */
function checkIdentity(
  v: {
    id_type: string;
    id_number: string;
    id_country_code: string;
    residential_country_code: string;
    residential_state?: string | undefined;
  },
  ctx: z.RefinementCtx,
  messages: { idNumber: (label: string) => string; ssnFormat: string; residentialState: string; stateOptionalForForeignId?: boolean },
) {
  if (v.id_type === 'ssn' && v.id_country_code !== 'US') {
    ctx.addIssue({ code: 'custom', path: ['id_type'], message: individualMessages.idType });
  }
  const label = idTypeLabels[v.id_type as keyof typeof idTypeLabels] ?? 'ID';
  if (!v.id_number) {
    ctx.addIssue({ code: 'custom', path: ['id_number'], message: messages.idNumber(label) });
  } else if (v.id_type === 'ssn' && !isValidSsn(v.id_number)) {
    ctx.addIssue({ code: 'custom', path: ['id_number'], message: messages.ssnFormat });
  }
  // Spec A §4: an ID country other than US makes the residential state optional (individuals).
  const stateRequired = v.residential_country_code === 'US' && (!messages.stateOptionalForForeignId || v.id_country_code === 'US');
  if (v.residential_country_code === 'US' && (stateRequired || v.residential_state)) {
    if (!v.residential_state) {
      ctx.addIssue({ code: 'custom', path: ['residential_state'], message: messages.residentialState });
    } else if (!usStateCodes.has(v.residential_state)) {
      ctx.addIssue({ code: 'custom', path: ['residential_state'], message: messages.residentialState });
    }
  }
}

/* ---------- register step 1 (basic details) ---------- */

export const basicDetailsShape = {
  account_type: z.enum(accountTypes, { error: registerMessages.accountType }),
  first_name: required(registerMessages.firstName, 100),
  last_name: required(registerMessages.lastName, 100),
  email: z
    .string({ error: registerMessages.email })
    .trim()
    .max(254, registerMessages.email)
    .pipe(z.email({ error: registerMessages.email })),
  phone_country_code: phoneCountryCodeField,
  password: registerPasswordField,
  password2: z.string({ error: registerMessages.confirmPasswordRequired }).min(1, registerMessages.confirmPasswordRequired),
};

/** The step-1 form: the national number is typed separately from the dialling code. */
export const basicDetailsFormSchema = z
  .object({ ...basicDetailsShape, phone_number: nationalPhoneField })
  .refine((v) => !v.password2 || v.password === v.password2, {
    path: ['password2'],
    message: registerMessages.passwordMismatch,
  });
export type BasicDetailsForm = z.infer<typeof basicDetailsFormSchema>;

/* ---------- individual details ---------- */

export const individualDetailsSchema = z
  .object({
    dob: dobField(individualMessages.dob),
    residential_country_code: countryField(individualMessages.residentialCountry),
    residential_address: required(individualMessages.residentialAddress),
    residential_city: required(individualMessages.residentialCity, 100),
    residential_state: optionalText(100),
    residential_postal_code: required(individualMessages.residentialPostalCode, 20),
    id_type: z.enum(idTypes, { error: individualMessages.idType }),
    id_number: z
      .string({ error: individualMessages.idNumber('ID') })
      .trim()
      .max(64),
    id_country_code: countryField(individualMessages.idCountry),
  })
  .superRefine((v, ctx) => checkIdentity(v, ctx, { ...individualMessages, stateOptionalForForeignId: true }));
export type IndividualDetails = z.infer<typeof individualDetailsSchema>;

/* ---------- business: principal place and business details ---------- */

export const principalPlaceSchema = z
  .object({
    principal_place_country: countryField(principalAddressMessages.country),
    principal_place_state: optionalText(100),
    principal_place_address: required(principalAddressMessages.address),
    principal_place_city: required(principalAddressMessages.city, 100),
    principal_place_postal_code: required(principalAddressMessages.postalCode, 20),
  })
  .superRefine((v, ctx) => {
    if (v.principal_place_country === 'US' && !(v.principal_place_state && usStateCodes.has(v.principal_place_state))) {
      ctx.addIssue({ code: 'custom', path: ['principal_place_state'], message: principalAddressMessages.state });
    }
  });
export type PrincipalPlace = z.infer<typeof principalPlaceSchema>;

/** PUT /v1/users/principal-address carries the same five fields. */
export const principalAddressRequestSchema = principalPlaceSchema;
export type PrincipalAddressRequest = PrincipalPlace;

const yesNo = (message: string) => z.boolean({ error: message });

export const businessDetailsSchema = z
  .object({
    account_purpose: z.enum(businessAccountPurposes, { error: businessDetailsMessages.accountPurpose }),
    entity_name: required(businessDetailsMessages.entityName),
    incorporation_country: countryField(businessDetailsMessages.incorporationCountry),
    incorporation_state: required(businessDetailsMessages.incorporationState, 100),
    incorporation_date: required(businessDetailsMessages.incorporationDate, 10).refine(
      isIsoDate,
      businessDetailsMessages.incorporationDate,
    ),
    organization_type: z.enum(organizationTypes, { error: businessDetailsMessages.organizationType }),
    business_type: z.enum(businessTypes, { error: businessDetailsMessages.businessType }),
    tax_id: required(businessDetailsMessages.taxId, 64),
    registration_number: required(businessDetailsMessages.registrationNumber, 64),
    website: z
      .string()
      .trim()
      .max(200)
      .refine((v) => v === '' || /^https?:\/\/\S+\.\S+$/.test(v), businessDetailsMessages.website)
      .optional(),
    description: required(businessDetailsMessages.description, 2000),
    accredited_investor: yesNo(businessDetailsMessages.accreditedInvestor),
    non_agent_intermediary: yesNo(businessDetailsMessages.nonAgentIntermediary),
  })
  .superRefine((v, ctx) => {
    if (v.incorporation_country === 'US' && !usStateCodes.has(v.incorporation_state)) {
      ctx.addIssue({ code: 'custom', path: ['incorporation_state'], message: businessDetailsMessages.incorporationState });
    }
  });
export type BusinessDetails = z.infer<typeof businessDetailsSchema>;

/* ---------- beneficial owners ---------- */

export const beneficialOwnerSchema = z
  .object({
    first_name: required(beneficialOwnerMessages.firstName, 100),
    middle_name: optionalText(100),
    last_name: required(beneficialOwnerMessages.lastName, 100),
    email: z
      .string({ error: beneficialOwnerMessages.email })
      .trim()
      .max(254, beneficialOwnerMessages.email)
      .pipe(z.email({ error: beneficialOwnerMessages.email })),
    dob: dobField(beneficialOwnerMessages.dob),
    phone_number: required(beneficialOwnerMessages.phoneNumber, 32).refine(
      (v) => /^\+?\d{6,15}$/.test(v.replace(/[\s\-().]/g, '')),
      beneficialOwnerMessages.phoneNumber,
    ),
    id_type: z.enum(idTypes, { error: individualMessages.idType }),
    id_country_code: countryField(beneficialOwnerMessages.nationality),
    id_number: z
      .string({ error: beneficialOwnerMessages.idNumber('ID') })
      .trim()
      .max(64),
    residential_country_code: countryField(beneficialOwnerMessages.residentialCountry),
    residential_address: required(beneficialOwnerMessages.residentialAddress),
    residential_city: required(beneficialOwnerMessages.residentialCity, 100),
    residential_state: optionalText(100),
    residential_postal_code: required(beneficialOwnerMessages.residentialPostalCode, 20),
  })
  .superRefine((v, ctx) => checkIdentity(v, ctx, beneficialOwnerMessages));
export type BeneficialOwner = z.infer<typeof beneficialOwnerSchema>;

/** PUT /v1/users/beneficial-owners: the list of owners (empty if none). */
export const beneficialOwnersRequestSchema = z.array(beneficialOwnerSchema).max(20, 'At most 20 beneficial owners.');

/* ---------- the registration request (POST /v1/users/register) ---------- */

export const registrationRequestSchema = z
  .object({
    ...basicDetailsShape,
    phone_number: e164Field(registerMessages.phoneNumber),
    /** Only 'client' may be chosen at registration; other roles are granted, never claimed. */
    account_role: z.literal('client', { error: 'Invalid account role.' }).default('client'),
    account_purpose: z.string().trim().max(100).default('Investing'),
    individual: individualDetailsSchema.optional(),
    business: principalPlaceSchema.optional(),
    business_details: businessDetailsSchema.optional(),
    beneficial_owners: beneficialOwnersRequestSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.password2 && v.password !== v.password2) {
      ctx.addIssue({ code: 'custom', path: ['password2'], message: registerMessages.passwordMismatch });
    }
    if (v.account_type === 'individual') {
      if (!v.individual) ctx.addIssue({ code: 'custom', path: ['individual'], message: 'Individual details are required.' });
      if (!(individualAccountPurposes as readonly string[]).includes(v.account_purpose)) {
        ctx.addIssue({ code: 'custom', path: ['account_purpose'], message: individualMessages.accountPurpose });
      }
    } else {
      if (!v.business) ctx.addIssue({ code: 'custom', path: ['business'], message: principalAddressMessages.address });
      if (!v.business_details) {
        ctx.addIssue({ code: 'custom', path: ['business_details'], message: businessDetailsMessages.entityName });
      }
    }
  });
export type RegistrationRequest = z.input<typeof registrationRequestSchema>;
export type RegistrationParsed = z.output<typeof registrationRequestSchema>;

import { z } from 'zod';
import {
  beneficialOwnersRequestSchema,
  businessDetailsSchema,
  individualDetailsSchema,
  principalPlaceSchema,
} from '../../shared/api/users';
import { individualAccountPurposes } from '../../shared/enums';
import { individualMessages } from '../../shared/messages';

// Form-only schemas: the shared schemas grouped the way each step's form holds them, which
// is also how the registration model and the server's error paths name them.

/** Individual step: the account purpose plus the individual details. */
export const individualFormSchema = z.object({
  account_purpose: z.enum(individualAccountPurposes, { error: individualMessages.accountPurpose }),
  individual: individualDetailsSchema,
});
export type IndividualFormInput = z.input<typeof individualFormSchema>;
export type IndividualFormOutput = z.output<typeof individualFormSchema>;

/** Business step: principal place of business plus business details. */
export const businessFormSchema = z.object({
  business: principalPlaceSchema,
  business_details: businessDetailsSchema,
});
export type BusinessFormInput = z.input<typeof businessFormSchema>;
export type BusinessFormOutput = z.output<typeof businessFormSchema>;

/** Beneficial owners step. */
export const beneficialOwnersFormSchema = z.object({ beneficial_owners: beneficialOwnersRequestSchema });
export type BeneficialOwnersFormInput = z.input<typeof beneficialOwnersFormSchema>;
export type BeneficialOwnersFormOutput = z.output<typeof beneficialOwnersFormSchema>;

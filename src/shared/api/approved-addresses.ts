import { z } from 'zod';
import { currencyCode } from './currency-code';
import { verificationLimits } from '../constants';

// The withdrawal address book (security/approved-addresses; our design, docs/API.md): an
// address is added, confirmed with a code mailed to the user, and usable once its cool-down
// (transferLimits.approvedAddressCooldownMs after confirmation) has passed.

export const approvedAddressStatuses = ['unconfirmed', 'cooling_down', 'usable'] as const;
export type ApprovedAddressStatus = (typeof approvedAddressStatuses)[number];

export const approvedAddressSchema = z.object({
  id: z.string(),
  label: z.string(),
  currency: z.string(),
  address: z.string(),
  /** unconfirmed until the mailed code is entered; cooling_down until usable_at; then usable. */
  status: z.string(),
  created_at: z.string(),
  /** ISO time from which withdrawals may go to it; null while unconfirmed. */
  usable_at: z.string().nullable(),
});
export type ApprovedAddress = z.output<typeof approvedAddressSchema>;
export type ApprovedAddressWire = z.input<typeof approvedAddressSchema>;

export const approvedAddressListSchema = z.object({
  addresses: z.array(approvedAddressSchema),
  /** When true, withdrawals may only go to usable approved addresses. */
  withdraw_only_to_approved: z.boolean(),
  /**
   * Turning the restriction off waits out the same cool-down as a new address: the ISO time it
   * lifts, or null when no such request is waiting.
   */
  restriction_lifts_at: z.string().nullable().optional(),
});
export type ApprovedAddressList = z.output<typeof approvedAddressListSchema>;

/** POST security/approved-addresses. The address is checked for its currency (checksum included) by the server. */
export const addApprovedAddressSchema = z.object({
  label: z.string({ error: 'label is required.' }).trim().min(1, 'label is required.').max(64, 'label must be at most 64 characters.'),
  currency: currencyCode(),
  address: z.string({ error: 'address is required.' }).trim().min(1, 'address is required.').max(128, 'address is too long.'),
});
export type AddApprovedAddress = z.input<typeof addApprovedAddressSchema>;

export const confirmApprovedAddressSchema = z.object({
  code: z
    .string({ error: 'code is required.' })
    .trim()
    .regex(
      new RegExp(`^\\d{${verificationLimits.codeDigits}}$`),
      `code must be the ${verificationLimits.codeDigits}-digit code we emailed.`,
    ),
});

export const approvedAddressSettingsSchema = z.object({
  withdraw_only_to_approved: z.boolean({ error: 'withdraw_only_to_approved must be true or false.' }),
});
export type ApprovedAddressSettings = z.infer<typeof approvedAddressSettingsSchema>;

export const approvedAddressIdParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'id must be an approved address id.'),
});

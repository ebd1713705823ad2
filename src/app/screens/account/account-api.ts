import { z } from 'zod';
import {
  loginResponseSchema,
  messageResponseSchema,
  validateResetTokenResponseSchema,
  type MessageResponse,
  type ResetPasswordRequest,
  type VerificationChannel,
} from '../../../shared/api/auth';
import { paths } from '../../../shared/api/paths';
import type { BeneficialOwner, PrincipalAddressRequest, User } from '../../../shared/api/users';
import { http } from '../../http/client';

// The account calls of spec A §7 these screens make. All silent: each screen shows its own
// message for a failure (spec A §8), so the global toast would only repeat it.

// "Answer not shown" in the spec: accept whatever comes back, including an empty body.
const anyAnswer = z.unknown();
// A back end may answer a step with the updated user (the reference server does); use it then.
const userIfGiven = z.unknown().transform((v): User | undefined => {
  const parsed = loginResponseSchema.safeParse(v);
  return parsed.success ? parsed.data.user_details : undefined;
});
const optionalMessage = messageResponseSchema.or(z.undefined()).transform((v): MessageResponse => v ?? {});

export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return http.post(paths.auth.forgotPassword, { email }, { schema: optionalMessage, silent: true });
}

export function validateResetToken(userId: string, token: string, signal?: AbortSignal) {
  return http.post(
    paths.auth.validateResetToken,
    { user_id: userId, token },
    { schema: validateResetTokenResponseSchema, silent: true, ...(signal ? { signal } : {}) },
  );
}

export function resetPassword(body: ResetPasswordRequest): Promise<MessageResponse> {
  return http.post(paths.auth.resetPassword, body, { schema: optionalMessage, silent: true });
}

export function requestVerificationCode(channel: VerificationChannel): Promise<MessageResponse> {
  return http.post(paths.auth.verificationRequest(channel), undefined, { schema: optionalMessage, silent: true });
}

export function confirmVerificationCode(channel: VerificationChannel, code: string): Promise<MessageResponse> {
  return http.post(paths.auth.verificationConfirm(channel), { code }, { schema: optionalMessage, silent: true });
}

/** Resolves to the updated user when the answer carries one. */
export function submitPrincipalAddress(body: PrincipalAddressRequest): Promise<User | undefined> {
  return http.put(paths.users.principalAddress, body, { schema: userIfGiven, silent: true });
}

export function submitBeneficialOwners(owners: BeneficialOwner[]): Promise<unknown> {
  return http.put(paths.users.beneficialOwners, owners, { schema: anyAnswer, silent: true });
}

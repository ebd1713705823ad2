import { z } from 'zod';
import { passwordMessages, verificationMessages } from '../messages';
import { brokenPasswordRules, PASSWORD_MAX_LENGTH } from './password-policy';
import { userSchema } from './users';

// Spec A §7: login, logout, refresh, password recovery and verification codes.

export const emailField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .pipe(z.email({ error: message }));

export const loginRequestSchema = z.object({
  email: z.string({ error: 'Email is required.' }).trim().min(1, 'Email is required.').max(254),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(256),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Login and registration both answer with the user's details (spec A §7). */
export const loginResponseSchema = z.object({ user_details: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string().optional(), success: z.boolean().optional() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailField(passwordMessages.invalidEmail) });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const validateResetTokenRequestSchema = z.object({
  user_id: z.string().min(1, passwordMessages.resetMissingParams).max(64),
  token: z.string().min(1, passwordMessages.resetMissingParams).max(256),
});
export type ValidateResetTokenRequest = z.infer<typeof validateResetTokenRequestSchema>;
export const validateResetTokenResponseSchema = z.object({ valid: z.boolean(), message: z.string().optional() });

/**
 * Spec A §5's reset rule (password-policy.ts): at least 12 characters with a lowercase, an
 * uppercase, a digit and one of @$!%*?&. The spec's one message covers every part.
 */
export const newPasswordField = z
  .string({ error: passwordMessages.weakPassword })
  .max(PASSWORD_MAX_LENGTH, passwordMessages.weakPassword)
  .refine((value) => brokenPasswordRules(value, 'reset').length === 0, passwordMessages.weakPassword);

export const resetPasswordRequestSchema = validateResetTokenRequestSchema
  .extend({ new_password: newPasswordField, confirm_password: z.string({ error: passwordMessages.passwordsDoNotMatch }) })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    message: passwordMessages.passwordsDoNotMatch,
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const verificationChannels = ['email', 'phone'] as const;
export type VerificationChannel = (typeof verificationChannels)[number];

export const verificationConfirmRequestSchema = z.object({
  code: z
    .string({ error: verificationMessages.codeRequired })
    .trim()
    .min(1, verificationMessages.codeRequired)
    .max(32, verificationMessages.codeIncorrect),
});
export type VerificationConfirmRequest = z.infer<typeof verificationConfirmRequestSchema>;

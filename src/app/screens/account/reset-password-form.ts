import { z } from 'zod';
import { newPasswordField } from '../../../shared/api/auth';
import { passwordMessages } from '../../../shared/messages';

/** The two fields the user types; user_id and token come from the link (spec A §5). */
export const resetPasswordFormSchema = z
  .object({ new_password: newPasswordField, confirm_password: z.string() })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    message: passwordMessages.passwordsDoNotMatch,
  });
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;
export type ResetPasswordForm = z.output<typeof resetPasswordFormSchema>;

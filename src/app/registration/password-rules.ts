import { registerPasswordField } from '../../shared/api/users';
import { registerMessages } from '../../shared/messages';

/**
 * Every register-step-1 password rule the value breaks, in the spec's order, so the user
 * sees all of them at once while typing. An empty value only reports that it is required.
 */
export function passwordRuleMessages(value: string | undefined): string[] {
  const result = registerPasswordField.safeParse(value ?? '');
  if (result.success) return [];
  const messages = [...new Set(result.error.issues.map((i) => i.message))];
  return messages.includes(registerMessages.passwordRequired) ? [registerMessages.passwordRequired] : messages;
}

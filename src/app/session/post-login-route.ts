import type { User } from '../../shared/api/users';
import { safeReturnUrl } from '../navigation/return-url';

/**
 * Where a user goes after logging in (spec A §4, in order): unfinished business onboarding,
 * unverified email, unverified phone, enhanced due diligence; otherwise the page they came
 * from when it is a safe same-origin path, else '/'.
 */
export function postLoginRoute(user: User, returnUrl?: string | null): string {
  if (user.account_type === 'corporation' && !(user.has_submitted_principal_address && user.has_submitted_beneficial_owners)) {
    return '/business/principal-address';
  }
  if (!user.email_confirmed) return '/verify/email';
  if (!user.phone_confirmed) return '/verify/phone';
  if (user.enhanced_due_diligence_required) return '/enhanced-due-diligence';
  return safeReturnUrl(returnUrl) ?? '/';
}

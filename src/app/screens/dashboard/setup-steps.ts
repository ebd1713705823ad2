import type { User } from '../../../shared/api/users';

export interface SetupStep {
  readonly to: string;
  readonly text: string;
}

/** Every onboarding step the user has not finished yet, in the order spec A §4 asks for them. */
export function missingSetupSteps(user: User, hasActiveBankAccount: boolean | null): SetupStep[] {
  const steps: SetupStep[] = [];
  if (user.account_type === 'corporation' && !(user.has_submitted_principal_address && user.has_submitted_beneficial_owners)) {
    steps.push({ to: '/business/principal-address', text: 'Finish your business details' });
  }
  if (!user.email_confirmed) steps.push({ to: '/verify/email', text: 'Verify your email address' });
  if (!user.phone_confirmed) steps.push({ to: '/verify/phone', text: 'Verify your phone number' });
  if (user.enhanced_due_diligence_required)
    steps.push({ to: '/enhanced-due-diligence', text: 'Answer the enhanced due diligence questions' });
  if (hasActiveBankAccount === false) steps.push({ to: '/payments/bank-account', text: 'Add and verify a bank account' });
  return steps;
}

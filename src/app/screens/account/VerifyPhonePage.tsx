import { useSession } from '../../hooks/useSession';
import { accountRoutes } from './account-routes';
import type { Scheduler } from './scheduler';
import { VerificationPage } from './VerificationPage';

/** Spec A §4: confirmed phone → /. */
export default function VerifyPhonePage({ scheduler }: { scheduler?: Scheduler }) {
  const phone = useSession().user?.phone_number;
  return (
    <VerificationPage
      channel="phone"
      title="Verify your phone number"
      intro={`We have sent a verification code by SMS to ${phone ?? 'your phone'}. Enter it below to continue.`}
      next={accountRoutes.home}
      {...(scheduler ? { scheduler } : {})}
    />
  );
}

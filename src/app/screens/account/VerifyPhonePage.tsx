import { useSession } from '../../hooks/useSession';
import type { Timers } from '../../time/timers';
import { accountRoutes } from './account-routes';
import { VerificationPage } from './VerificationPage';

/** Spec A §4: confirmed phone → /. */
export default function VerifyPhonePage({ timers }: { timers?: Timers }) {
  const phone = useSession().user?.phone_number;
  return (
    <VerificationPage
      channel="phone"
      title="Verify your phone number"
      intro={`We have sent a verification code by SMS to ${phone ?? 'your phone'}. Enter it below to continue.`}
      next={accountRoutes.home}
      {...(timers ? { timers } : {})}
    />
  );
}

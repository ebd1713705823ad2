import { useSession } from '../../hooks/useSession';
import type { Timers } from '../../time/timers';
import { accountRoutes } from './account-routes';
import { VerificationPage } from './VerificationPage';

/** Spec A §4: confirmed email → /verify/phone. */
export default function VerifyEmailPage({ timers }: { timers?: Timers }) {
  const email = useSession().user?.email;
  return (
    <VerificationPage
      channel="email"
      title="Verify your email"
      intro={`We have sent a verification code to ${email ?? 'your email address'}. Enter it below to continue.`}
      next={accountRoutes.verifyPhone}
      {...(timers ? { timers } : {})}
    />
  );
}

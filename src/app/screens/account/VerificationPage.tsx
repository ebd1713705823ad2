import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { verificationConfirmRequestSchema, type VerificationChannel, type VerificationConfirmRequest } from '../../../shared/api/auth';
import { accountLimits, SUPPORT_EMAIL } from '../../../shared/constants';
import { FormText } from '../../forms/form-fields';
import { session } from '../../session/session';
import { systemTimers, type Timers } from '../../time/timers';
import { confirmCode, useCodeRequest } from './useVerificationCode';
import '../../forms/forms.css';
import { BusyButton } from '../../forms/BusyButton';

export interface VerificationPageProps {
  channel: VerificationChannel;
  title: string;
  intro: string;
  /** Where a confirmed code leads; history is replaced so Back does not return here. */
  next: string;
  /** The resend delay's timer (tests pass ManualTimers). */
  timers?: Timers;
}

/** Spec A §2/§4/§5 code verification, shared by the email and phone pages. */
export function VerificationPage({ channel, title, intro, next, timers = systemTimers }: VerificationPageProps) {
  const navigate = useNavigate();

  function verified() {
    session.updateUser(channel === 'email' ? { email_confirmed: true } : { phone_confirmed: true });
    navigate(next, { replace: true });
  }

  const { canResend, resend } = useCodeRequest(channel, timers, verified);
  const { control, handleSubmit, setError, formState } = useForm<
    z.input<typeof verificationConfirmRequestSchema>,
    unknown,
    VerificationConfirmRequest
  >({
    resolver: zodResolver(verificationConfirmRequestSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { code: '' },
  });

  async function onSubmit({ code }: VerificationConfirmRequest) {
    const result = await confirmCode(channel, code);
    if (result.ok) verified();
    else setError('code', { type: 'server', message: result.message }, { shouldFocus: true });
  }

  return (
    <section className="page account-page">
      <h1>{title}</h1>
      <p>{intro}</p>
      <form className="card form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <FormText control={control} name="code" label="Verification code" inputMode="numeric" autoComplete="one-time-code" />
        <div className="form-actions">
          <BusyButton type="submit" className="btn btn-primary" busy={formState.isSubmitting}>
            Verify
          </BusyButton>
          {canResend ? (
            <button type="button" className="link-button" onClick={resend}>
              Resend code
            </button>
          ) : (
            <span className="form-field__hint">
              Didn&apos;t get a code? You can ask for a new one after {accountLimits.resendCodeDelayMs / 1000} seconds.
            </span>
          )}
        </div>
      </form>
      <p className="form-field__hint">
        Having trouble? Contact our support team at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </section>
  );
}

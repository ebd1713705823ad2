import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { forgotPasswordRequestSchema, type ForgotPasswordRequest } from '../../../shared/api/auth';
import { passwordMessages } from '../../../shared/messages';
import { FormText } from '../../forms/form-fields';
import { useFocusOnMount } from '../../keyboard/useFocusOnMount';
import { requestPasswordReset } from './account-api';
import { accountRoutes } from './account-routes';
import { serverMessage } from './server-message';
import '../../forms/forms.css';
import { BusyButton } from '../../forms/BusyButton';

type Status = { kind: 'idle' } | { kind: 'success' } | { kind: 'error'; message: string };

/** Spec A §2/§4 forgot password: idle → success or error; "try again" returns to idle. */
export default function ForgotPasswordPage() {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // Kept so "try again" does not make the user retype the address.
  const [email, setEmail] = useState('');
  const outcome = useFocusOnMount<HTMLHeadingElement>();

  if (status.kind === 'success') {
    return (
      <section className="page account-page">
        <h1 ref={outcome} tabIndex={-1}>
          {passwordMessages.resetEmailSentTitle}
        </h1>
        <p>If an account exists for {email}, we have sent it a link to reset the password.</p>
        <Link className="btn btn-primary" to={accountRoutes.login}>
          Back to Login
        </Link>
      </section>
    );
  }

  if (status.kind === 'error') {
    return (
      <section className="page account-page">
        <h1 ref={outcome} tabIndex={-1}>
          Password reset failed
        </h1>
        <p role="alert">{status.message}</p>
        <button type="button" className="link-button" onClick={() => setStatus({ kind: 'idle' })}>
          Try again
        </button>
      </section>
    );
  }

  return (
    <ForgotPasswordForm
      email={email}
      onDone={(sentTo, error) => {
        setEmail(sentTo);
        setStatus(error === undefined ? { kind: 'success' } : { kind: 'error', message: error });
      }}
    />
  );
}

function ForgotPasswordForm({ email, onDone }: { email: string; onDone: (email: string, error?: string) => void }) {
  const navigate = useNavigate();
  const { control, handleSubmit, formState } = useForm<z.input<typeof forgotPasswordRequestSchema>, unknown, ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email },
  });

  async function onSubmit(values: ForgotPasswordRequest) {
    try {
      await requestPasswordReset(values.email);
      onDone(values.email);
    } catch (error) {
      onDone(values.email, serverMessage(error) ?? passwordMessages.forgotFailed);
    }
  }

  return (
    <section className="page account-page">
      <h1>Forgot your password?</h1>
      <p>Enter the email address of your account and we will send you a link to reset your password.</p>
      <form className="card form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <FormText control={control} name="email" label="Email" type="email" autoComplete="email" />
        <div className="form-actions">
          <BusyButton type="submit" className="btn btn-primary" busy={formState.isSubmitting}>
            Send Reset Email
          </BusyButton>
          <button type="button" className="btn btn-secondary" onClick={() => navigate(accountRoutes.login)}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

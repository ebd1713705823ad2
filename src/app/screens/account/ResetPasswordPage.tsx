import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useFocusOnMount } from '../../keyboard/useFocusOnMount';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH, RESET_PASSWORD_SYMBOLS } from '../../../shared/api/password-policy';
import { passwordMessages } from '../../../shared/messages';
import { FormText } from '../../forms/form-fields';
import { applyServerFieldErrors } from '../../forms/server-errors';
import { HttpError } from '../../http/client';
import { resetPassword, validateResetToken } from './account-api';
import { accountRoutes } from './account-routes';
import { resetPasswordFormSchema, type ResetPasswordForm, type ResetPasswordFormInput } from './reset-password-form';
import { serverMessage } from './server-message';
import '../../forms/forms.css';
import { BusyButton } from '../../forms/BusyButton';

type Status = { kind: 'loading' } | { kind: 'form' } | { kind: 'error'; message: string } | { kind: 'success' };

/** Spec A §2/§4 reset password: loading → form or error; form → success or error. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const token = params.get('token') ?? '';
  const complete = userId !== '' && token !== '';
  const [status, setStatus] = useState<Status>(() =>
    complete ? { kind: 'loading' } : { kind: 'error', message: passwordMessages.resetMissingParams },
  );

  const outcome = useFocusOnMount<HTMLHeadingElement>();

  useEffect(() => {
    if (!complete) return;
    const controller = new AbortController();
    validateResetToken(userId, token, controller.signal).then(
      (answer) =>
        setStatus(answer.valid ? { kind: 'form' } : { kind: 'error', message: answer.message ?? passwordMessages.resetTokenInvalid }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setStatus({ kind: 'error', message: serverMessage(error) ?? passwordMessages.resetTokenInvalid });
      },
    );
    return () => controller.abort();
  }, [complete, userId, token]);

  switch (status.kind) {
    case 'loading':
      return (
        <section className="page account-page" aria-busy="true">
          <p role="status">Checking your password reset link…</p>
        </section>
      );
    case 'error':
      return (
        <section className="page account-page">
          <h1 ref={outcome} tabIndex={-1}>
            {passwordMessages.invalidLinkTitle}
          </h1>
          <p role="alert">{status.message}</p>
          <div className="form-actions">
            <Link to={accountRoutes.forgotPassword}>Request a new link</Link>
            <Link to={accountRoutes.login}>Return to login</Link>
          </div>
        </section>
      );
    case 'success':
      return (
        <section className="page account-page">
          <h1 ref={outcome} tabIndex={-1}>
            {passwordMessages.passwordChangedTitle}
          </h1>
          <p>Your password has been changed. You can now log in with your new password.</p>
          <Link className="btn btn-primary" to={accountRoutes.login}>
            Go to Login
          </Link>
        </section>
      );
    case 'form':
      return (
        <NewPasswordForm
          onSubmit={async (values) => {
            try {
              await resetPassword({ user_id: userId, token, ...values });
              setStatus({ kind: 'success' });
            } catch (error) {
              // A refused password (a breached one) leaves the link usable: the form shows why.
              if (error instanceof HttpError && error.fieldErrors?.new_password) throw error;
              setStatus({ kind: 'error', message: serverMessage(error) ?? passwordMessages.resetFailed });
            }
          }}
        />
      );
  }
}

function NewPasswordForm({ onSubmit }: { onSubmit: (values: ResetPasswordForm) => Promise<void> }) {
  const { control, handleSubmit, formState, setError, getValues } = useForm<ResetPasswordFormInput, unknown, ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { new_password: '', confirm_password: '' },
  });

  async function submit(values: ResetPasswordForm) {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerFieldErrors(error instanceof HttpError ? error.fieldErrors : undefined, setError, getValues());
    }
  }

  return (
    <section className="page account-page">
      <h1>Choose a new password</h1>
      <form className="card form" noValidate onSubmit={handleSubmit(submit)}>
        <FormText
          control={control}
          name="new_password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, with a lowercase and an uppercase letter, a number and one of the symbols ${RESET_PASSWORD_SYMBOLS}.`}
        />
        <FormText control={control} name="confirm_password" label="Confirm new password" type="password" autoComplete="new-password" />
        <div className="form-actions">
          <BusyButton type="submit" className="btn btn-primary" busy={formState.isSubmitting}>
            Reset Password
          </BusyButton>
        </div>
      </form>
    </section>
  );
}

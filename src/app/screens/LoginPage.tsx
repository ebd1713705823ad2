import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { loginRequestSchema, type LoginRequest } from '../../shared/api/auth';
import { accountMessages } from '../../shared/messages';
import { isHttpError } from '../http/client';
import { postLoginRoute } from '../session/post-login-route';
import { session } from '../session/session';
import { BusyButton } from '../forms/BusyButton';

/** Spec A §2 login: email and password; query may carry reason=session-expired and returnUrl. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // The alert's text, or null: spec A §8's one text, or the wait of a login refused as too many.
  const [failed, setFailed] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({ resolver: zodResolver(loginRequestSchema), defaultValues: { email: '', password: '' } });

  const expired = params.get('reason') === 'session-expired';
  const returnUrl = params.get('returnUrl');

  const onSubmit = handleSubmit(
    async ({ email, password }) => {
      setFailed(null);
      try {
        const user = await session.login(email, password);
        navigate(postLoginRoute(user, returnUrl), { replace: true });
      } catch (error) {
        // Spec A §8: login failure of any kind gets the same text (no account enumeration);
        // too many attempts is not a verdict on the password and says when to try again.
        setFailed(
          isHttpError(error) && error.status === 429
            ? accountMessages.loginRateLimited(error.retryAfterSeconds)
            : accountMessages.invalidLogin,
        );
      }
    },
    () => setFailed(null),
  );

  return (
    <div className="page page-narrow">
      <form className="card form" onSubmit={onSubmit} noValidate aria-labelledby="login-title">
        <h1 id="login-title" className="form-title">
          Log in
        </h1>
        {expired && !failed && (
          <div className="alert alert-info" role="status">
            {accountMessages.sessionExpired}
          </div>
        )}
        {failed && (
          <div className="alert alert-error" role="alert">
            {failed}
          </div>
        )}
        <div className="field">
          <label htmlFor="login-email">Email</label>
          <input
            id="login-email"
            type="email"
            autoComplete="username"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'login-email-error' : undefined}
            {...register('email')}
          />
          {errors.email && (
            <p id="login-email-error" className="field-error">
              {errors.email.message}
            </p>
          )}
        </div>
        <div className="field">
          <div className="field-label-row">
            <label htmlFor="login-password">Password</label>
            <Link to="/account/password/forgot-password" className="link-small">
              Forgot password?
            </Link>
          </div>
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'login-password-error' : undefined}
            {...register('password')}
          />
          {errors.password && (
            <p id="login-password-error" className="field-error">
              {errors.password.message}
            </p>
          )}
        </div>
        <BusyButton type="submit" className="btn btn-primary btn-block" busy={isSubmitting}>
          {isSubmitting ? 'Logging in…' : 'Log in'}
        </BusyButton>
        <p className="form-footer">
          New here? <Link to="/account/register">Create an account</Link>
        </p>
      </form>
    </div>
  );
}

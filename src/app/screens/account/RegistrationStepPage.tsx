import type { BaseSyntheticEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../forms/FormAlert';
import { accountRoutes } from './account-routes';
import type { SubmitFailure } from './submit-failure';
import '../../forms/forms.css';
import { BusyButton } from '../../forms/BusyButton';

interface Props {
  title: string;
  submitLabel: string;
  /** Where Back leads (step 1 by default); null shows no Back link. */
  backTo?: string | null;
  /** Text between the title and the form. */
  intro?: ReactNode;
  /** What useRegistrationStep returns (only what the frame reads). */
  step: {
    form: { formState: { isSubmitting: boolean } };
    failure: SubmitFailure | null;
    onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  };
  /** The step's fields. */
  children: ReactNode;
}

/**
 * The frame of a registration step (the detail steps and the business onboarding steps):
 * Back, the title, the fields (disabled while submitting), the refusal under them and the
 * submit button.
 */
export function RegistrationStepPage({ title, submitLabel, backTo = accountRoutes.register, intro, step, children }: Props) {
  const { isSubmitting } = step.form.formState;
  return (
    <section className="page account-page">
      {backTo === null ? null : (
        <p>
          <Link to={backTo}>Back</Link>
        </p>
      )}
      <h1>{title}</h1>
      {intro}
      <form className="card form" noValidate onSubmit={step.onSubmit}>
        <fieldset className="form-section" disabled={isSubmitting}>
          {children}
        </fieldset>
        {step.failure ? <FormAlert title={step.failure.title} details={step.failure.details} /> : null}
        <div className="form-actions">
          <BusyButton type="submit" className="btn btn-primary" busy={isSubmitting}>
            {submitLabel}
          </BusyButton>
        </div>
      </form>
    </section>
  );
}

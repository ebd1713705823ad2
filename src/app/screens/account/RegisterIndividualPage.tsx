import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { accountLimits } from '../../../shared/constants';
import { individualAccountPurposes } from '../../../shared/enums';
import { FormAlert } from '../../forms/FormAlert';
import { FormDate, FormSelect } from '../../forms/form-fields';
import {
  individualFormSchema,
  type IndividualFormInput,
  type IndividualFormOutput,
} from '../../registration/registration-forms';
import { registrationStore } from '../../registration/registration-store';
import { submitRegistration } from '../../registration/submit-registration';
import { accountRoutes } from './account-routes';
import { IdentityFields } from './IdentityFields';
import { ResidenceFields } from './ResidenceFields';
import { RequirePassword } from './RequirePassword';
import { returnForPassword, submitFailure, type SubmitFailure } from './submit-failure';
import '../../forms/forms.css';

type Purpose = (typeof individualAccountPurposes)[number];

function individualPurpose(value: string): Purpose | undefined {
  return (individualAccountPurposes as readonly string[]).includes(value) ? (value as Purpose) : undefined;
}

/**
 * Spec A §2 individual registration. The password is never persisted, so after a reload
 * it is gone: the user goes back to step 1 (answers kept) to type it again.
 */
export default function RegisterIndividualPage() {
  return (
    <RequirePassword>
      <IndividualDetailsForm />
    </RequirePassword>
  );
}

function IndividualDetailsForm() {
  const navigate = useNavigate();
  const [initial] = useState(() => registrationStore.get());
  const [failure, setFailure] = useState<SubmitFailure | null>(null);

  const form = useForm<IndividualFormInput, unknown, IndividualFormOutput>({
    resolver: zodResolver(individualFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { account_purpose: individualPurpose(initial.account_purpose), individual: initial.individual },
  });
  const { control, setValue, handleSubmit, formState } = form;

  async function onSubmit(values: IndividualFormOutput) {
    setFailure(null);
    const model = registrationStore.update({
      account_purpose: values.account_purpose,
      individual: { ...values.individual, residential_state: values.individual.residential_state ?? '' },
    });
    try {
      await submitRegistration(model);
      navigate(accountRoutes.verifyEmail, { replace: true });
    } catch (error) {
      if (!returnForPassword(error, navigate)) setFailure(submitFailure(error, form));
    }
  }

  return (
    <section className="page account-page">
      <p>
        <Link to={accountRoutes.register}>Back</Link>
      </p>
      <h1>Individual details</h1>
      <form className="card form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <fieldset className="form-section" disabled={formState.isSubmitting}>
          <FormSelect
            control={control}
            name="account_purpose"
            label="Account purpose"
            placeholder="Select an account purpose"
            options={individualAccountPurposes}
          />
          <FormDate control={control} name="individual.dob" label="Date of birth" min={accountLimits.dobMin} max={accountLimits.dobMax} autoComplete="bday" />
          <IdentityFields control={control} setValue={setValue} prefix="individual." revalidate={formState.isSubmitted} />
          <ResidenceFields control={control} setValue={setValue} prefix="individual." revalidate={formState.isSubmitted} />
        </fieldset>
        {failure ? <FormAlert title={failure.title} details={failure.details} /> : null}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
            Create Account
          </button>
        </div>
      </form>
    </section>
  );
}

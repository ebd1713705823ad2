import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { accountLimits } from '../../../shared/constants';
import { FormAlert } from '../../forms/FormAlert';
import { businessFormSchema, type BusinessFormInput, type BusinessFormOutput } from '../../registration/registration-forms';
import { registrationStore } from '../../registration/registration-store';
import { submitRegistration } from '../../registration/submit-registration';
import { accountRoutes } from './account-routes';
import { BusinessDetailsFields } from './BusinessDetailsFields';
import { PrincipalPlaceFields } from './PrincipalPlaceFields';
import { RequirePassword } from './RequirePassword';
import { returnForPassword, submitFailure, type SubmitFailure } from './submit-failure';
import '../../forms/forms.css';

/**
 * Spec A §2 business registration: principal place of business and business details,
 * submitted as a corporation; the beneficial owners follow once the account exists.
 * Like the individual step, a lost (never persisted) password means back to step 1.
 */
export default function RegisterBusinessPage() {
  return (
    <RequirePassword>
      <BusinessForm />
    </RequirePassword>
  );
}

function BusinessForm() {
  const navigate = useNavigate();
  const [initial] = useState(() => registrationStore.get());
  const [failure, setFailure] = useState<SubmitFailure | null>(null);

  const form = useForm<BusinessFormInput, unknown, BusinessFormOutput>({
    resolver: zodResolver(businessFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      business: initial.business,
      business_details: {
        entity_name: '',
        incorporation_country: accountLimits.defaultCountry,
        incorporation_state: '',
        incorporation_date: '',
        tax_id: '',
        registration_number: '',
        website: '',
        description: '',
        // Yes/no and the lists start unanswered so "please specify" means something.
        ...initial.business_details,
      },
    },
  });
  const { control, setValue, handleSubmit, formState } = form;

  async function onSubmit(values: BusinessFormOutput) {
    setFailure(null);
    const model = registrationStore.update({
      account_type: 'corporation',
      account_purpose: values.business_details.account_purpose,
      business: { ...values.business, principal_place_state: values.business.principal_place_state ?? '' },
      business_details: values.business_details,
    });
    try {
      await submitRegistration(model);
      navigate(accountRoutes.beneficialOwners, { replace: true });
    } catch (error) {
      if (!returnForPassword(error, navigate)) setFailure(submitFailure(error, form));
    }
  }

  return (
    <section className="page account-page">
      <p>
        <Link to={accountRoutes.register}>Back</Link>
      </p>
      <h1>Business registration</h1>
      <form className="card form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <fieldset className="form-section" disabled={formState.isSubmitting}>
          <PrincipalPlaceFields control={control} setValue={setValue} prefix="business." revalidate={formState.isSubmitted} />
          <BusinessDetailsFields control={control} setValue={setValue} revalidate={formState.isSubmitted} />
        </fieldset>
        {failure ? <FormAlert title={failure.title} details={failure.details} /> : null}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
            Continue
          </button>
        </div>
      </form>
    </section>
  );
}

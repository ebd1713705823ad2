import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { basicDetailsFormSchema, type BasicDetailsForm } from '../../../shared/api/users';
import { accountTypeOptions } from '../../../shared/enums';
import { diallingCodes } from '../../../shared/geo';
import { FormSearchableSelect, FormSelect, FormText } from '../../forms/form-fields';
import { TextInput } from '../../forms/TextInput';
import { passwordRuleMessages } from '../../registration/password-rules';
import { registrationStore } from '../../registration/registration-store';
import { accountRoutes } from './account-routes';
import '../../forms/forms.css';
import { BusyButton } from '../../forms/BusyButton';

type BasicDetailsInput = z.input<typeof basicDetailsFormSchema>;

// Several countries share a code (+1, +7, …): the key keeps each country's entry distinct.
const diallingOptions = diallingCodes.map((d) => ({ key: `${d.country}${d.code}`, value: d.code, label: d.label }));

/** Where a returning user is told why they are back here (see RegisterIndividualPage). */
export interface RegisterPageState {
  reenterPassword?: boolean;
  /** The server refused the password typed here (e.g. a breached one): its message. */
  refusedPassword?: string;
}

/** Spec A §2 register step 1: basic details. */
export default function RegisterPage() {
  const navigate = useNavigate();
  const state = useLocation().state as RegisterPageState | null;
  const reenterPassword = state?.reenterPassword === true;
  const [initial] = useState(() => registrationStore.get());
  // Shown on the password field for as long as it still holds the password the server refused.
  const refused = state?.refusedPassword ? { message: state.refusedPassword, value: initial.password } : undefined;

  const { control, register, handleSubmit, formState } = useForm<BasicDetailsInput, unknown, BasicDetailsForm>({
    resolver: zodResolver(basicDetailsFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      account_type: initial.account_type,
      first_name: initial.first_name,
      last_name: initial.last_name,
      email: initial.email,
      phone_country_code: initial.phone_country_code,
      phone_number: initial.phone_number,
      password: initial.password,
      password2: initial.password2,
    },
  });

  // Spec A §5: the password rules show as soon as the field has been edited, not only
  // after a submit attempt like every other message.
  const password = useWatch({ control, name: 'password' });
  const stillRefused = refused !== undefined && password === refused.value;
  const passwordErrors = [
    ...(formState.dirtyFields.password || formState.isSubmitted ? passwordRuleMessages(password) : []),
    ...(stillRefused ? [refused.message] : []),
  ];

  function onSubmit(values: BasicDetailsForm) {
    if (stillRefused) return;
    registrationStore.update(values);
    navigate(values.account_type === 'corporation' ? accountRoutes.registerBusiness : accountRoutes.registerIndividual);
  }

  return (
    <section className="page account-page">
      <h1>Create your account</h1>
      {reenterPassword ? (
        <p className="alert alert-info" role="status">
          For your security, please enter your password again to continue.
        </p>
      ) : null}
      <form className="card form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <FormSelect
          control={control}
          name="account_type"
          label="Account type"
          placeholder="Select an account type"
          options={accountTypeOptions}
        />
        <div className="form-row">
          <FormText control={control} name="first_name" label="First name" autoComplete="given-name" />
          <FormText control={control} name="last_name" label="Last name" autoComplete="family-name" />
        </div>
        <FormText control={control} name="email" label="Email" type="email" autoComplete="email" />
        <div className="form-row">
          <FormSearchableSelect
            control={control}
            name="phone_country_code"
            label="Phone country code"
            placeholder="Search country or code"
            options={diallingOptions}
          />
          <FormText control={control} name="phone_number" label="Phone number" type="tel" autoComplete="tel-national" />
        </div>
        <TextInput {...register('password')} label="Password" type="password" autoComplete="new-password" error={passwordErrors} />
        <FormText control={control} name="password2" label="Confirm password" type="password" autoComplete="new-password" />
        <div className="form-actions">
          <BusyButton type="submit" className="btn btn-primary" busy={formState.isSubmitting}>
            Continue
          </BusyButton>
          <p className="form-footer">
            Already have an account? <Link to={accountRoutes.login}>Log in</Link>
          </p>
        </div>
      </form>
    </section>
  );
}

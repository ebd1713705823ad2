import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { principalAddressRequestSchema, type PrincipalAddressRequest } from '../../../shared/api/users';
import { accountLimits } from '../../../shared/constants';
import { principalPlaceBody } from '../../registration/registration-request';
import { useSession } from '../../hooks/useSession';
import { session } from '../../session/session';
import { submitPrincipalAddress } from './account-api';
import { accountRoutes } from './account-routes';
import { PrincipalPlaceFields } from './PrincipalPlaceFields';
import { RegistrationStepPage } from './RegistrationStepPage';
import { submitFailure, type SubmitFailure } from './submit-failure';
import '../../forms/forms.css';

type PrincipalAddressInput = z.input<typeof principalAddressRequestSchema>;

/**
 * Spec A §2/§4: a business user who logged in before giving the principal place of
 * business gives it here (the auth guard of the route ensures a logged-in user).
 */
export default function PrincipalAddressPage() {
  const { user } = useSession();
  const [editing, setEditing] = useState(false);

  // Already on file (e.g. the back link from the owners step): say so rather than ask again.
  if (user?.has_submitted_principal_address && !editing) {
    return (
      <section className="page account-page">
        <h1>Principal Place of Business</h1>
        <p className="alert alert-info" role="status">
          Your principal place of business is on file.
        </p>
        <div className="form-actions">
          <Link className="btn btn-primary" to={accountRoutes.beneficialOwners}>
            Continue to beneficial owners
          </Link>
          <button type="button" className="link-button" onClick={() => setEditing(true)}>
            Change it
          </button>
        </div>
      </section>
    );
  }
  return <PrincipalAddressForm />;
}

function PrincipalAddressForm() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const form = useForm<PrincipalAddressInput, unknown, PrincipalAddressRequest>({
    resolver: zodResolver(principalAddressRequestSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      principal_place_country: accountLimits.defaultCountry,
      principal_place_state: '',
      principal_place_address: '',
      principal_place_city: '',
      principal_place_postal_code: '',
    },
  });
  const { control, setValue, handleSubmit, formState } = form;

  async function onSubmit(values: PrincipalAddressRequest) {
    setFailure(null);
    try {
      const user = await submitPrincipalAddress(principalPlaceBody(values));
      // The answer is "not shown" in spec A §7: without a user in it, set the flag the
      // post-login check reads ourselves.
      if (user) session.setUser(user);
      else session.updateUser({ has_submitted_principal_address: true });
      navigate(accountRoutes.beneficialOwners);
    } catch (error) {
      setFailure(submitFailure(error, form));
    }
  }

  return (
    <RegistrationStepPage
      title="Business registration"
      submitLabel="Continue"
      backTo={null}
      step={{ form, failure, onSubmit: handleSubmit(onSubmit, () => setFailure(null)) }}
    >
      <PrincipalPlaceFields control={control} setValue={setValue} prefix="" revalidate={formState.isSubmitted} />
    </RegistrationStepPage>
  );
}

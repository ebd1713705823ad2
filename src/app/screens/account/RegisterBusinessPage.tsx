import { zodResolver } from '@hookform/resolvers/zod';
import { accountLimits } from '../../../shared/constants';
import { businessFormSchema, type BusinessFormInput, type BusinessFormOutput } from '../../registration/registration-forms';
import { accountRoutes } from './account-routes';
import { BusinessDetailsFields } from './BusinessDetailsFields';
import { PrincipalPlaceFields } from './PrincipalPlaceFields';
import { RegistrationStepPage } from './RegistrationStepPage';
import { RequirePassword } from './RequirePassword';
import { useRegistrationStep } from './useRegistrationStep';

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
  const step = useRegistrationStep<BusinessFormInput, BusinessFormOutput>({
    resolver: zodResolver(businessFormSchema),
    defaultValues: (saved) => ({
      business: saved.business,
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
        ...saved.business_details,
      },
    }),
    toModel: (values) => ({
      account_type: 'corporation',
      account_purpose: values.business_details.account_purpose,
      business: { ...values.business, principal_place_state: values.business.principal_place_state ?? '' },
      business_details: values.business_details,
    }),
    next: accountRoutes.beneficialOwners,
  });
  const { control, setValue, formState } = step.form;

  return (
    <RegistrationStepPage title="Business registration" submitLabel="Continue" step={step}>
      <PrincipalPlaceFields control={control} setValue={setValue} prefix="business." revalidate={formState.isSubmitted} />
      <BusinessDetailsFields control={control} setValue={setValue} revalidate={formState.isSubmitted} />
    </RegistrationStepPage>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { accountLimits } from '../../../shared/constants';
import { individualAccountPurposes } from '../../../shared/enums';
import { FormDate, FormSelect } from '../../forms/form-fields';
import { individualFormSchema, type IndividualFormInput, type IndividualFormOutput } from '../../registration/registration-forms';
import { accountRoutes } from './account-routes';
import { IdentityFields } from './IdentityFields';
import { RegistrationStepPage } from './RegistrationStepPage';
import { ResidenceFields } from './ResidenceFields';
import { RequirePassword } from './RequirePassword';
import { useRegistrationStep } from './useRegistrationStep';

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
  const step = useRegistrationStep<IndividualFormInput, IndividualFormOutput>({
    resolver: zodResolver(individualFormSchema),
    defaultValues: (saved) => ({ account_purpose: individualPurpose(saved.account_purpose), individual: saved.individual }),
    toModel: (values) => ({
      account_purpose: values.account_purpose,
      individual: { ...values.individual, residential_state: values.individual.residential_state ?? '' },
    }),
    next: accountRoutes.verifyEmail,
  });
  const { control, setValue, formState } = step.form;

  return (
    <RegistrationStepPage title="Individual details" submitLabel="Create Account" step={step}>
      <FormSelect
        control={control}
        name="account_purpose"
        label="Account purpose"
        placeholder="Select an account purpose"
        options={individualAccountPurposes}
      />
      <FormDate
        control={control}
        name="individual.dob"
        label="Date of birth"
        min={accountLimits.dobMin}
        max={accountLimits.dobMax}
        autoComplete="bday"
      />
      <IdentityFields control={control} setValue={setValue} prefix="individual." revalidate={formState.isSubmitted} />
      <ResidenceFields control={control} setValue={setValue} prefix="individual." revalidate={formState.isSubmitted} />
    </RegistrationStepPage>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm, type Control, type UseFormSetValue } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { accountLimits } from '../../../shared/constants';
import { FormDate, FormText } from '../../forms/form-fields';
import { emptyBeneficialOwner } from '../../registration/beneficial-owner-defaults';
import { beneficialOwnerBody } from '../../registration/registration-request';
import {
  beneficialOwnersFormSchema,
  type BeneficialOwnersFormInput,
  type BeneficialOwnersFormOutput,
} from '../../registration/registration-forms';
import { session } from '../../session/session';
import { submitBeneficialOwners } from './account-api';
import { accountRoutes } from './account-routes';
import { IdentityFields } from './IdentityFields';
import { RegistrationStepPage } from './RegistrationStepPage';
import { ResidenceFields } from './ResidenceFields';
import { submitFailure, type SubmitFailure } from './submit-failure';

/** Spec A §2/§4 beneficial owners step: add or remove owners, then Finish. */
export default function BeneficialOwnersPage() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const form = useForm<BeneficialOwnersFormInput, unknown, BeneficialOwnersFormOutput>({
    resolver: zodResolver(beneficialOwnersFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { beneficial_owners: [] },
  });
  const { control, setValue, handleSubmit, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'beneficial_owners' });
  const listError = formState.errors.beneficial_owners?.root?.message ?? formState.errors.beneficial_owners?.message;

  async function onSubmit(values: BeneficialOwnersFormOutput) {
    setFailure(null);
    try {
      // Spec A §7: the list goes as it is, empty when there are no owners.
      await submitBeneficialOwners(values.beneficial_owners.map(beneficialOwnerBody));
    } catch (error) {
      // The body is the bare list, so the server names fields `0.email` and so on.
      setFailure(submitFailure(error, form, ['beneficial_owners']));
      return;
    }
    await session.loadCurrentUser();
    navigate(accountRoutes.verifyEmail, { replace: true });
  }

  const intro = (
    <p className="form-section__intro">
      A beneficial owner is anyone owning {accountLimits.beneficialOwnerThresholdPercent}% or more of the business, or else an executive
      officer. Add each of them below.
    </p>
  );
  const step = { form, failure, onSubmit: handleSubmit(onSubmit, () => setFailure(null)) };

  return (
    <RegistrationStepPage title="Beneficial owners" submitLabel="Finish" backTo={accountRoutes.principalAddress} intro={intro} step={step}>
      {fields.map((field, index) => (
        <OwnerCard
          key={field.id}
          index={index}
          control={control}
          setValue={setValue}
          revalidate={formState.isSubmitted}
          onRemove={() => remove(index)}
        />
      ))}
      {fields.length === 0 ? <p>No beneficial owners added.</p> : null}
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={() => append(emptyBeneficialOwner())}>
          Add beneficial owner
        </button>
      </div>
      {listError ? (
        <p className="field-error" role="alert">
          {listError}
        </p>
      ) : null}
    </RegistrationStepPage>
  );
}

function OwnerCard({
  index,
  control,
  setValue,
  revalidate,
  onRemove,
}: {
  index: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's context and output types vary per form; the field reads values only
  control: Control<BeneficialOwnersFormInput, any, any>;
  setValue: UseFormSetValue<BeneficialOwnersFormInput>;
  revalidate: boolean;
  onRemove: () => void;
}) {
  const prefix = `beneficial_owners.${index}.` as const;
  const title = `Beneficial owner ${index + 1}`;
  return (
    <fieldset className="form-card">
      <legend className="form-section__title">{title}</legend>
      <div className="form-card__header">
        <button type="button" className="link-button" onClick={onRemove} aria-label={`Remove ${title.toLowerCase()}`}>
          Remove
        </button>
      </div>
      <div className="form-row">
        <FormText control={control} name={`${prefix}first_name`} label="First name" autoComplete="off" />
        <FormText control={control} name={`${prefix}middle_name`} label="Middle name (optional)" autoComplete="off" />
        <FormText control={control} name={`${prefix}last_name`} label="Last name" autoComplete="off" />
      </div>
      <div className="form-row">
        <FormText control={control} name={`${prefix}email`} label="Email" type="email" autoComplete="off" />
        <FormText control={control} name={`${prefix}phone_number`} label="Phone number (with country code)" type="tel" autoComplete="off" />
      </div>
      <FormDate control={control} name={`${prefix}dob`} label="Date of birth" min={accountLimits.dobMin} max={accountLimits.dobMax} />
      <IdentityFields control={control} setValue={setValue} prefix={prefix} revalidate={revalidate} />
      <ResidenceFields control={control} setValue={setValue} prefix={prefix} revalidate={revalidate} />
    </fieldset>
  );
}

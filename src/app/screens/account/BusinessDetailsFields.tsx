import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { accountLimits } from '../../../shared/constants';
import { businessAccountPurposes, businessTypes, organizationTypes } from '../../../shared/enums';
import { countryOptions, usStateOptions } from '../../../shared/geo';
import { FormDate, FormSelect, FormText, FormTextArea, FormYesNo } from '../../forms/form-fields';
import type { BusinessFormInput } from '../../registration/registration-forms';

const US = accountLimits.defaultCountry;
const accreditedHint = `An accredited investor is an entity with assets above $${accountLimits.accreditedInvestorAssetsUsd / 1_000_000} million.`;

/** The business details entity of spec A §3, inside the business registration form. */
export function BusinessDetailsFields({
  control,
  setValue,
  revalidate,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's context and output types vary per form; the field reads values only
  control: Control<BusinessFormInput, any, any>;
  setValue: UseFormSetValue<BusinessFormInput>;
  revalidate: boolean;
}) {
  const country = useWatch({ control, name: 'business_details.incorporation_country' });

  return (
    <fieldset className="form-section">
      <legend className="form-section__title">Business details</legend>
      <FormText control={control} name="business_details.entity_name" label="Entity name" autoComplete="organization" />
      <div className="form-row">
        <FormSelect
          control={control}
          name="business_details.incorporation_country"
          label="Incorporation country"
          placeholder="Select a country"
          options={countryOptions}
          // A US state list and free text do not mix: start the state afresh.
          onValueChange={() => setValue('business_details.incorporation_state', '', { shouldDirty: true, shouldValidate: revalidate })}
        />
        {country === US ? (
          <FormSelect
            key="us-state"
            control={control}
            name="business_details.incorporation_state"
            label="Incorporation state"
            placeholder="Select a state"
            options={usStateOptions}
          />
        ) : (
          <FormText key="free-state" control={control} name="business_details.incorporation_state" label="Incorporation state" />
        )}
      </div>
      <FormDate control={control} name="business_details.incorporation_date" label="Incorporation date" />
      <div className="form-row">
        <FormSelect
          control={control}
          name="business_details.organization_type"
          label="Organization type"
          placeholder="Select an organization type"
          options={organizationTypes}
        />
        <FormSelect
          control={control}
          name="business_details.business_type"
          label="Business type"
          placeholder="Select a business type"
          options={businessTypes}
        />
      </div>
      <div className="form-row">
        <FormText control={control} name="business_details.tax_id" label="Tax ID" autoComplete="off" />
        <FormText control={control} name="business_details.registration_number" label="Registration number" autoComplete="off" />
      </div>
      <FormText
        control={control}
        name="business_details.website"
        label="Website (optional)"
        type="url"
        autoComplete="url"
        placeholder="https://"
      />
      <FormTextArea control={control} name="business_details.description" label="Description" />
      <FormYesNo
        control={control}
        name="business_details.accredited_investor"
        label="Are you an accredited investor?"
        hint={accreditedHint}
      />
      <FormYesNo control={control} name="business_details.non_agent_intermediary" label="Are you a non-agent intermediary?" />
      <FormSelect
        control={control}
        name="business_details.account_purpose"
        label="Business account purpose"
        placeholder="Select an account purpose"
        options={businessAccountPurposes}
      />
    </fieldset>
  );
}

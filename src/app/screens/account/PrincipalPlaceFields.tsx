import { useWatch, type Control, type FieldPath, type FieldValues, type UseFormSetValue } from 'react-hook-form';
import { accountLimits } from '../../../shared/constants';
import { countryOptions, usStateOptions } from '../../../shared/geo';
import { FormSelect, FormText } from '../../forms/form-fields';

export interface PrincipalPlaceFieldsProps<T extends FieldValues> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's context and output types vary per form; the field reads values only
  control: Control<T, any, any>;
  setValue: UseFormSetValue<T>;
  /** '' when the five fields sit at the top of the form, 'business.' inside the registration. */
  prefix: '' | 'business.';
  revalidate: boolean;
}

/**
 * Spec A §2 "Principal Place of Business": country (default US), state only for the US,
 * address, city and postal code, with the explanation of what the place is.
 */
export function PrincipalPlaceFields<T extends FieldValues>({ control, setValue, prefix, revalidate }: PrincipalPlaceFieldsProps<T>) {
  const name = (field: string) => `${prefix}${field}` as FieldPath<T>;
  const country = useWatch({ control, name: name('principal_place_country') }) as string | undefined;

  return (
    <fieldset className="form-section">
      <legend className="form-section__title">Principal Place of Business</legend>
      <p className="form-section__intro">
        The physical location of your team. For global teams, the place where most of the decision makers are.
      </p>
      <FormSelect
        control={control}
        name={name('principal_place_country')}
        label="Country"
        placeholder="Select a country"
        options={countryOptions}
        onValueChange={(value) => {
          // A state only exists for US addresses; a stale one must not be sent.
          if (value !== accountLimits.defaultCountry) {
            setValue(name('principal_place_state'), '' as never, { shouldDirty: true, shouldValidate: revalidate });
          }
        }}
      />
      {country === accountLimits.defaultCountry ? (
        <FormSelect
          control={control}
          name={name('principal_place_state')}
          label="State"
          placeholder="Select a state"
          options={usStateOptions}
        />
      ) : null}
      <FormText control={control} name={name('principal_place_address')} label="Address" autoComplete="street-address" />
      <div className="form-row">
        <FormText control={control} name={name('principal_place_city')} label="City" autoComplete="address-level2" />
        <FormText control={control} name={name('principal_place_postal_code')} label="Postal code" autoComplete="postal-code" />
      </div>
    </fieldset>
  );
}

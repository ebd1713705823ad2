import { useWatch, type Control, type FieldPath, type FieldValues, type UseFormSetValue } from 'react-hook-form';
import { accountLimits } from '../../../shared/constants';
import { countryOptions, usStateOptions } from '../../../shared/geo';
import { FormSelect, FormText } from '../../forms/form-fields';

export interface ResidenceFieldsProps<T extends FieldValues> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's context and output types vary per form; the field reads values only
  control: Control<T, any, any>;
  setValue: UseFormSetValue<T>;
  /** Path of the object holding the residential_* fields, e.g. 'individual.'. */
  prefix: string;
  revalidate: boolean;
}

/** Residential country (default US), address, city, state (US only) and postal code. */
export function ResidenceFields<T extends FieldValues>({ control, setValue, prefix, revalidate }: ResidenceFieldsProps<T>) {
  const name = (field: string) => `${prefix}${field}` as FieldPath<T>;
  const country = useWatch({ control, name: name('residential_country_code') }) as string | undefined;

  return (
    <>
      <FormSelect
        control={control}
        name={name('residential_country_code')}
        label="Residential country"
        placeholder="Select a country"
        options={countryOptions}
        onValueChange={(value) => {
          // A state only exists for US addresses; a stale one must not be sent.
          if (value !== accountLimits.defaultCountry) {
            setValue(name('residential_state'), '' as never, { shouldDirty: true, shouldValidate: revalidate });
          }
        }}
      />
      <FormText control={control} name={name('residential_address')} label="Address" autoComplete="street-address" />
      <div className="form-row">
        <FormText control={control} name={name('residential_city')} label="City" autoComplete="address-level2" />
        {country === accountLimits.defaultCountry ? (
          <FormSelect
            control={control}
            name={name('residential_state')}
            label="State"
            placeholder="Select a state"
            options={usStateOptions}
          />
        ) : null}
        <FormText control={control} name={name('residential_postal_code')} label="Postal code" autoComplete="postal-code" />
      </div>
    </>
  );
}

import { useWatch, type Control, type FieldPath, type FieldValues, type UseFormSetValue } from 'react-hook-form';
import { countryOptions } from '../../../shared/geo';
import { FormMasked, FormSelect, FormText } from '../../forms/form-fields';
import { defaultIdType, idNumberLabel, idTypeOptions, SSN_MASK } from '../../registration/identity';

export interface IdentityFieldsProps<T extends FieldValues> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's context and output types vary per form; the field reads values only
  control: Control<T, any, any>;
  setValue: UseFormSetValue<T>;
  /** Path of the object holding id_country_code, id_type and id_number, e.g. 'individual.'. */
  prefix: string;
  revalidate: boolean;
}

/**
 * Nationality (the ID country), ID type and ID number (spec A §2, §4): a US ID country
 * offers ssn (chosen) or passport, any other country is passport only. The number is
 * labelled SSN or Passport number, and an SSN is typed through the 000-00-0000 mask.
 */
export function IdentityFields<T extends FieldValues>({ control, setValue, prefix, revalidate }: IdentityFieldsProps<T>) {
  const name = (field: string) => `${prefix}${field}` as FieldPath<T>;
  const idCountry = (useWatch({ control, name: name('id_country_code') }) as string | undefined) ?? '';
  const idType = useWatch({ control, name: name('id_type') }) as string | undefined;
  const options = { shouldDirty: true, shouldValidate: revalidate };
  // A number typed for one kind of ID means nothing for another.
  const clearNumber = () => setValue(name('id_number'), '' as never, options);

  return (
    <>
      <FormSelect
        control={control}
        name={name('id_country_code')}
        label="Nationality / citizenship (ID country)"
        placeholder="Select a country"
        options={countryOptions}
        onValueChange={(country) => {
          setValue(name('id_type'), defaultIdType(country) as never, options);
          clearNumber();
        }}
      />
      <FormSelect control={control} name={name('id_type')} label="ID type" options={idTypeOptions(idCountry)} onValueChange={clearNumber} />
      {idType === 'ssn' ? (
        <FormMasked key="ssn" control={control} name={name('id_number')} label={idNumberLabel('ssn')} mask={SSN_MASK} />
      ) : (
        <FormText key="passport" control={control} name={name('id_number')} label={idNumberLabel('passport')} autoComplete="off" />
      )}
    </>
  );
}

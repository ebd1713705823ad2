import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateInput, type DateInputProps } from './DateInput';
import { MaskedInput, type MaskedInputProps } from './MaskedInput';
import { SearchableSelect, type SearchableSelectProps } from './SearchableSelect';
import { Select, type SelectProps } from './Select';
import { TextArea, type TextAreaProps } from './TextArea';
import { TextInput, type TextInputProps } from './TextInput';
import { YesNo, type YesNoProps } from './YesNo';

// react-hook-form bindings for the widgets. Passing `control` (rather than reading a form
// context) lets TypeScript check every field name against the form's values.

type Bound<T extends FieldValues> = {
  control: Control<T, any, any>;
  name: FieldPath<T>;
  /** Called after the form value changes, for fields that reset or adjust others. */
  onValueChange?: (value: string) => void;
};

type Controlled = 'name' | 'value' | 'onChange' | 'onBlur' | 'ref' | 'error';

function useBound<T extends FieldValues>({ control, name }: Bound<T>) {
  const { field, fieldState } = useController({ control, name });
  return { field, error: fieldState.error?.message };
}

export function FormText<T extends FieldValues>({ control, name, onValueChange, ...rest }: Bound<T> & Omit<TextInputProps, Controlled>) {
  const { field, error } = useBound({ control, name });
  return (
    <TextInput
      {...rest}
      name={field.name}
      ref={field.ref}
      value={(field.value as string | undefined) ?? ''}
      onChange={(e) => {
        field.onChange(e.target.value);
        onValueChange?.(e.target.value);
      }}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export function FormTextArea<T extends FieldValues>({ control, name, ...rest }: Bound<T> & Omit<TextAreaProps, Controlled>) {
  const { field, error } = useBound({ control, name });
  return (
    <TextArea
      {...rest}
      name={field.name}
      ref={field.ref}
      value={(field.value as string | undefined) ?? ''}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export function FormDate<T extends FieldValues>({ control, name, ...rest }: Bound<T> & Omit<DateInputProps, Controlled>) {
  const { field, error } = useBound({ control, name });
  return (
    <DateInput
      {...rest}
      name={field.name}
      ref={field.ref}
      value={(field.value as string | undefined) ?? ''}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export function FormSelect<T extends FieldValues>({ control, name, onValueChange, ...rest }: Bound<T> & Omit<SelectProps, Controlled>) {
  const { field, error } = useBound({ control, name });
  return (
    <Select
      {...rest}
      name={field.name}
      ref={field.ref}
      value={(field.value as string | undefined) ?? ''}
      onChange={(e) => {
        field.onChange(e.target.value);
        onValueChange?.(e.target.value);
      }}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export function FormSearchableSelect<T extends FieldValues>({ control, name, ...rest }: Bound<T> & Omit<SearchableSelectProps, Controlled>) {
  const { field, error } = useBound({ control, name });
  return (
    <SearchableSelect
      {...rest}
      name={field.name}
      ref={field.ref}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export function FormMasked<T extends FieldValues>({ control, name, ...rest }: Bound<T> & Omit<MaskedInputProps, Controlled>) {
  const { field, error } = useBound({ control, name });
  return (
    <MaskedInput
      {...rest}
      name={field.name}
      ref={field.ref}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export function FormYesNo<T extends FieldValues>({ control, name, ...rest }: Bound<T> & Omit<YesNoProps, Controlled>) {
  const { field, error } = useBound({ control, name });
  return (
    <YesNo
      {...rest}
      name={field.name}
      ref={field.ref}
      value={field.value as boolean | undefined}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

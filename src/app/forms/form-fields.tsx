import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateInput, type DateInputProps } from './DateInput';
import { fieldMessage } from './field-message';
import { MaskedInput, type MaskedInputProps } from './MaskedInput';
import { SearchableSelect, type SearchableSelectProps } from './SearchableSelect';
import { Select, type SelectProps } from './Select';
import { TextArea, type TextAreaProps } from './TextArea';
import { TextInput, type TextInputProps } from './TextInput';
import { YesNo, type YesNoProps } from './YesNo';

// react-hook-form bindings for the widgets. Passing `control` (rather than reading a form
// context) lets TypeScript check every field name against the form's values.

type Bound<T extends FieldValues> = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's context and output types vary per form; the field reads values only
  control: Control<T, any, any>;
  name: FieldPath<T>;
  /** Called after the form value changes, for fields that reset or adjust others. */
  onValueChange?: (value: string) => void;
};

type Controlled = 'name' | 'value' | 'onChange' | 'onBlur' | 'ref' | 'error';

/** The controller plus the props every text-valued widget takes from it. */
function useBound<T extends FieldValues>({ control, name, label }: Bound<T> & { label: string }) {
  const { field, fieldState } = useController({ control, name });
  const error = fieldMessage(fieldState.error?.message, name, label);
  const common = {
    name: field.name,
    ref: field.ref,
    value: (field.value as string | undefined) ?? '',
    onBlur: field.onBlur,
    error,
  };
  return { field, common };
}

/** onChange for native inputs: stores the text and tells the optional listener. */
function onText(field: { onChange: (value: string) => void }, onValueChange?: (value: string) => void) {
  return (e: { target: { value: string } }) => {
    field.onChange(e.target.value);
    onValueChange?.(e.target.value);
  };
}

export function FormText<T extends FieldValues>({ control, name, onValueChange, ...rest }: Bound<T> & Omit<TextInputProps, Controlled>) {
  const { field, common } = useBound({ control, name, label: rest.label });
  return <TextInput {...rest} {...common} onChange={onText(field, onValueChange)} />;
}

export function FormTextArea<T extends FieldValues>({ control, name, ...rest }: Bound<T> & Omit<TextAreaProps, Controlled>) {
  const { field, common } = useBound({ control, name, label: rest.label });
  return <TextArea {...rest} {...common} onChange={onText(field)} />;
}

export function FormDate<T extends FieldValues>({ control, name, ...rest }: Bound<T> & Omit<DateInputProps, Controlled>) {
  const { field, common } = useBound({ control, name, label: rest.label });
  return <DateInput {...rest} {...common} onChange={onText(field)} />;
}

export function FormSelect<T extends FieldValues>({ control, name, onValueChange, ...rest }: Bound<T> & Omit<SelectProps, Controlled>) {
  const { field, common } = useBound({ control, name, label: rest.label });
  return <Select {...rest} {...common} onChange={onText(field, onValueChange)} />;
}

export function FormSearchableSelect<T extends FieldValues>({
  control,
  name,
  ...rest
}: Bound<T> & Omit<SearchableSelectProps, Controlled>) {
  const { field, common } = useBound({ control, name, label: rest.label });
  return <SearchableSelect {...rest} {...common} onChange={field.onChange} />;
}

export function FormMasked<T extends FieldValues>({ control, name, ...rest }: Bound<T> & Omit<MaskedInputProps, Controlled>) {
  const { field, common } = useBound({ control, name, label: rest.label });
  return <MaskedInput {...rest} {...common} onChange={field.onChange} />;
}

export function FormYesNo<T extends FieldValues>({ control, name, ...rest }: Bound<T> & Omit<YesNoProps, Controlled>) {
  const { field, common } = useBound({ control, name, label: rest.label });
  return <YesNo {...rest} {...common} value={field.value as boolean | undefined} onChange={field.onChange} />;
}

import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Field, type FieldError } from './Field';

export type TextInputProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & {
  label: string;
  error?: FieldError;
  hint?: ReactNode;
  id?: string;
};

export function TextInput({ label, error, hint, id, className, ...input }: TextInputProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => <input type="text" className={['form-input', className ?? ''].join(' ').trim()} {...input} {...control} />}
    </Field>
  );
}

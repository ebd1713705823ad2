import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Field, type FieldError } from './Field';

export type TextAreaProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> & {
  label: string;
  error?: FieldError;
  hint?: ReactNode;
  id?: string;
};

export function TextArea({ label, error, hint, id, className, rows = 4, ...textarea }: TextAreaProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <textarea className={['form-input', 'form-textarea', className ?? ''].join(' ').trim()} rows={rows} {...textarea} {...control} />
      )}
    </Field>
  );
}

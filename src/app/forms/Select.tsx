import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Field, type FieldError } from './Field';

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'id' | 'children'> & {
  label: string;
  options: readonly (SelectOption | string)[];
  /** Shown as an empty first choice so "nothing chosen" is possible and visible. */
  placeholder?: string;
  error?: FieldError;
  hint?: ReactNode;
  id?: string;
};

export function toSelectOption(option: SelectOption | string): SelectOption {
  return typeof option === 'string' ? { value: option, label: option } : option;
}

export function Select({ label, options, placeholder, error, hint, id, className, ...select }: SelectProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <select className={['form-input', 'form-select', className ?? ''].join(' ').trim()} {...select} {...control}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map(toSelectOption).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

import type { ReactNode, Ref } from 'react';
import { Field, type FieldError } from './Field';

/**
 * Formats typed text with a mask in which `0` stands for a digit and anything else is a
 * literal, e.g. '000-00-0000'. Literals are only added once a digit follows them, so
 * deleting back over a dash works naturally.
 */
export function applyMask(mask: string, raw: string): string {
  const digits = raw.replace(/\D/g, '');
  let out = '';
  let next = 0;
  for (const slot of mask) {
    if (next >= digits.length) break;
    out += slot === '0' ? digits[next++] : slot;
  }
  return out;
}

export interface MaskedInputProps {
  label: string;
  mask: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  error?: FieldError;
  hint?: ReactNode;
  id?: string;
  placeholder?: string;
  autoComplete?: string;
  ref?: Ref<HTMLInputElement>;
}

export function MaskedInput({
  label,
  mask,
  value,
  onChange,
  onBlur,
  name,
  error,
  hint,
  id,
  placeholder,
  autoComplete = 'off',
  ref,
}: MaskedInputProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <input
          {...control}
          ref={ref}
          name={name}
          type="text"
          inputMode="numeric"
          className="form-input"
          autoComplete={autoComplete}
          maxLength={mask.length}
          placeholder={placeholder ?? mask.replace(/0/g, 'X')}
          value={value}
          onChange={(e) => onChange(applyMask(mask, e.target.value))}
          onBlur={onBlur}
        />
      )}
    </Field>
  );
}

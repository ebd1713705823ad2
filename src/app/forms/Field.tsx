import { useId, type ReactNode } from 'react';

/** What a control needs so its label, hint and error are wired for assistive technology. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export type FieldError = string | readonly string[] | undefined;

export interface FieldProps {
  label: string;
  error?: FieldError;
  hint?: ReactNode;
  id?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

export function errorList(error: FieldError): readonly string[] {
  if (error === undefined || error === '') return [];
  return typeof error === 'string' ? [error] : error;
}

/** Label, control, hint and error text, in that order; the control is rendered by `children`. */
export function Field({ label, error, hint, id, className, children }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const errors = errorList(error);
  const invalid = errors.length > 0;
  const describedBy = [hint ? hintId : '', invalid ? errorId : ''].filter(Boolean).join(' ');

  return (
    <div className={['field', 'form-field', invalid ? 'form-field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="form-field__label" htmlFor={controlId}>
        {label}
      </label>
      {children({
        id: controlId,
        ...(invalid ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {invalid ? <FieldErrorText id={errorId} errors={errors} /> : null}
    </div>
  );
}

export function FieldErrorText({ id, errors }: { id: string; errors: readonly string[] }) {
  return (
    <div id={id} className="field-error form-field__error">
      {errors.length === 1 ? (
        errors[0]
      ) : (
        <ul>
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

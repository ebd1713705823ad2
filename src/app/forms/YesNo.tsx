import { useId, type ReactNode, type Ref } from 'react';
import { errorList, FieldErrorText, type FieldError } from './Field';

export interface YesNoProps {
  label: string;
  name: string;
  /** undefined until the user has chosen, so "not answered" can be reported. */
  value: boolean | undefined;
  onChange: (value: boolean) => void;
  onBlur?: () => void;
  error?: FieldError;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function YesNo({ label, name, value, onChange, onBlur, error, hint, ref }: YesNoProps) {
  const id = useId();
  const legendId = `${id}-legend`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const errors = errorList(error);
  const invalid = errors.length > 0;
  const describedBy = [hint ? hintId : '', invalid ? errorId : ''].filter(Boolean).join(' ');

  return (
    <fieldset
      className={['field', 'form-field', 'form-choice', invalid ? 'form-field--invalid' : ''].filter(Boolean).join(' ')}
      role="radiogroup"
      aria-labelledby={legendId}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy || undefined}
    >
      <legend id={legendId} className="form-field__label">
        {label}
      </legend>
      <div className="form-choice__options">
        {([true, false] as const).map((option, i) => (
          <label key={String(option)} className="form-choice__option">
            <input
              ref={i === 0 ? ref : undefined}
              type="radio"
              name={name}
              value={option ? 'yes' : 'no'}
              checked={value === option}
              onChange={() => onChange(option)}
              onBlur={onBlur}
            />
            {option ? 'Yes' : 'No'}
          </label>
        ))}
      </div>
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {invalid ? <FieldErrorText id={errorId} errors={errors} /> : null}
    </fieldset>
  );
}

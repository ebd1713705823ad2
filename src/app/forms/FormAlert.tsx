import type { ReactNode } from 'react';

/** A form-level message (e.g. a rejected submit), announced when it appears. */
export function FormAlert({ title, details, children }: { title: string; details?: readonly string[]; children?: ReactNode }) {
  return (
    <div className="alert alert-error form-alert" role="alert">
      <p className="form-alert__title">{title}</p>
      {details && details.length > 0 ? (
        <ul className="form-alert__details">
          {details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      ) : null}
      {children}
    </div>
  );
}

import type { ReactNode } from 'react';

/** The id, name and error link every wizard input carries, so a screen reader reads its error with it. */
export function inputProps(name: string, error: string | undefined) {
  return { id: `signup-${name}`, name, 'aria-invalid': Boolean(error), 'aria-describedby': error ? `signup-${name}-error` : undefined };
}

/** A label, its input and the input's error (the server's words or the rule's). */
export function Field({ name, label, error, hint, children }: { name: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="wizard-field">
      <label htmlFor={`signup-${name}`}>{label}</label>
      {hint && <span className="wizard-field__hint">{hint}</span>}
      {children}
      {error && (
        <span id={`signup-${name}-error`} className="auth-form__error">
          {error}
        </span>
      )}
    </div>
  );
}

/** The message of a refusal that belongs to no field, announced when it appears. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="auth-alert" role="alert">
      {message}
    </p>
  ) : null;
}

import type { FormEvent, ReactNode } from 'react';
import { useHydrated } from './useHydrated';

/** The sign-in and password forms: one column, usable only once the page is hydrated (see useHydrated). */
export function AuthForm({ onSubmit, children }: { onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <fieldset className="auth-form__fields" disabled={!hydrated}>
        {children}
      </fieldset>
    </form>
  );
}

import type { ReactNode } from 'react';
import { RequireRole } from '../../session/RequireRole';
import './tenant.css';

const TENANT_ROLES = ['front', 'bill-payer'] as const;

/**
 * The frame of every tenant page: only front and bill-payer users get in (others go to sign in), and the
 * page's content renders only once the browser knows the session, so the prerendered HTML and the first
 * render in the browser are the same (nothing) and hydration never mismatches.
 */
export function TenantPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <RequireRole roles={TENANT_ROLES}>
      <div className="tenant container">
        <h1 className="tenant__title">{title}</h1>
        {intro ? <p className="tenant__intro">{intro}</p> : null}
        {children}
      </div>
    </RequireRole>
  );
}

/** A card of a tenant page with its own heading. */
export function Panel({ title, id, children, wide = false }: { title: string; id?: string; children: ReactNode; wide?: boolean }) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-title`;
  return (
    <section className={`tenant-panel${wide ? ' tenant-panel--wide' : ''}`} id={id} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

/** Loading and error states shared by the pages. */
export function Loading({ error }: { error: string | null }) {
  return error ? (
    <p className="tenant-error" role="alert">
      {error}
    </p>
  ) : (
    <p className="tenant-loading" role="status">
      Loading…
    </p>
  );
}

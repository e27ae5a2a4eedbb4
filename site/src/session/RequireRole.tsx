import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { signInUrl } from '@app/api/client';
import type { UserRole } from '@app/api/rules';
import { sessionState } from './session-state';

/**
 * A protected area: only the listed roles get in (agent portal: agent; tenant area: front or bill-payer).
 * Anyone else goes to the area's sign-in page, which brings them back here afterwards.
 */
export function RequireRole({ roles, children }: { roles: readonly UserRole[]; children: ReactNode }) {
  const session = useSyncExternalStore(sessionState.subscribe, sessionState.getSnapshot, () => undefined);
  // undefined while hydrating (the prerendered page shows nothing), then the browser's session.
  const allowed = session === undefined ? undefined : session !== null && roles.includes(session.role);
  useEffect(() => {
    if (allowed === false) window.location.replace(signInUrl(roles[0]!));
  }, [allowed, roles]);
  return allowed ? <>{children}</> : null;
}

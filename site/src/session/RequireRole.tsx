import { useEffect, useState, type ReactNode } from 'react';
import { getToken, signInUrl, storedSession } from '@app/api/client';
import type { UserRole } from '@app/api/rules';

/**
 * A protected area: only the listed roles get in (agent portal: agent; tenant area: front or bill-payer).
 * Anyone else goes to the area's sign-in page, which brings them back here afterwards.
 */
export function RequireRole({ roles, children }: { roles: readonly UserRole[]; children: ReactNode }) {
  const [allowed, setAllowed] = useState<boolean | null>(null);
  useEffect(() => {
    const session = storedSession();
    if (getToken() && session && roles.includes(session.role)) setAllowed(true);
    else {
      setAllowed(false);
      window.location.replace(signInUrl(roles[0]!));
    }
  }, [roles]);
  return allowed ? <>{children}</> : null;
}

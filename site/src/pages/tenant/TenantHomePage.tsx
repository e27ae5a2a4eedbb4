import { useSession } from '../../session/SessionProvider';
import { RequireRole } from '../../session/RequireRole';
import '../signin/auth-forms.css';

const TENANT_ROLES = ['front', 'bill-payer'] as const;

/** /tenant-profile: the tenant area's front page (its sections arrive with the tenant features). */
export function TenantHomePage() {
  const { user, logout } = useSession();
  return (
    <RequireRole roles={TENANT_ROLES}>
      <div className="auth-page">
        <section className="auth-card" aria-labelledby="tenant-title">
          <h1 id="tenant-title">Welcome back{user?.firstName ? `, ${user.firstName}` : ''}</h1>
          <p>This is your online account: your house, your payments, meter readings and energy use, all in one place.</p>
          <button className="button button--secondary" type="button" onClick={logout}>
            Log out
          </button>
        </section>
      </div>
    </RequireRole>
  );
}

import { Link, useLocation } from 'react-router-dom';
import { useSiteInfo } from '../config/ConfigContext';
import { useMenuSession } from './menu-session';
import { menuContext } from './menus';
import { MobileMenu } from './MobileMenu';
import { NotificationBell } from '../notifications/NotificationBell';
import { NavMenu } from './NavMenu';
import { useAgencyReferral } from './useAgencyReferral';

export function Header() {
  const { siteName } = useSiteInfo();
  const session = useMenuSession();
  const context = menuContext(useLocation().pathname, session?.role ?? null);
  const partner = useAgencyReferral();

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={context === 'agent' ? '/agent-portal/dashboard' : '/'} className="brand">
          <span className="brand__mark" aria-hidden="true" />
          <span className="brand__name">{siteName}</span>
        </Link>
        {partner ? <p className="site-header__partner">in partnership with {partner}</p> : null}
        <nav className="site-nav" aria-label="Main">
          <NavMenu context={context} />
          {context === 'public' ? (
            <Link to="/signup" className="button button--small">
              Sign Up
            </Link>
          ) : null}
        </nav>
        {session ? <NotificationBell /> : null}
        <MobileMenu context={context} />
      </div>
    </header>
  );
}

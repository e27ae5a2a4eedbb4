import { useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useConfig } from '../config/ConfigContext';
import { DEFAULT_SITE_NAME } from '../config/public-config';

const NAV_LINKS = [
  { to: '/bill-packages', label: 'Packages' },
  { to: '/sustainability', label: 'Sustainability' },
  { to: '/help', label: 'Help Centre' },
  { to: '/agents/info', label: 'Agents & Landlords' },
  { to: '/my-energy-bill/login', label: 'My Energy Bill' },
  { to: '/signin/tenant', label: 'My account' },
] as const;

export function Header() {
  const state = useConfig();
  const siteName = state.status === 'ready' ? state.config.siteName : DEFAULT_SITE_NAME;
  // On small screens the navigation folds behind a toggle; on wide screens CSS always shows it.
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand" onClick={closeMenu}>
          <span className="brand__mark" aria-hidden="true" />
          {siteName}
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <nav id="site-nav" className={menuOpen ? 'site-nav site-nav--open' : 'site-nav'} aria-label="Main">
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} onClick={closeMenu}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <Link to="/signup" className="button button--small" onClick={closeMenu}>
            Sign Up
          </Link>
        </nav>
      </div>
    </header>
  );
}

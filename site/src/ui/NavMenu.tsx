import { useId, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { AGENT_MENU, LOGOUT_SUBMENU_LINKS, type MenuContext, type MenuItem, PUBLIC_MENU, TENANT_ROLES, tenantMenu } from './menus';
import { useMenuSession } from './menu-session';

/** The link list for a context; shared by the desktop bar and the slide-out menu so they never differ. */
export function menuItems(context: MenuContext, session: ReturnType<typeof useMenuSession>): readonly MenuItem[] {
  if (context === 'agent') return AGENT_MENU;
  if (context === 'tenant') return tenantMenu(session ?? { isEnergyBillUser: false, hasEnergyUseContracts: false });
  return PUBLIC_MENU;
}

function LogoutSubmenu({ item, onNavigate, logout }: { item: MenuItem; onNavigate: () => void; logout: () => void }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li
      className="nav-menu__submenu"
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <button type="button" className="nav-menu__disclosure" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {item.label}
      </button>
      <ul id={id} hidden={!open}>
        <li>
          <NavLink to={item.to} onClick={onNavigate}>
            {item.label}
          </NavLink>
        </li>
        <li>
          <button
            type="button"
            className="nav-menu__logout"
            onClick={() => {
              onNavigate();
              logout();
            }}
          >
            Log out
          </button>
        </li>
      </ul>
    </li>
  );
}

/** A navigation list; tenant-side users get a Log out submenu, agents a Log Out item (§2.9). */
export function NavMenu({ context, onNavigate = () => undefined }: { context: MenuContext; onNavigate?: () => void }) {
  const session = useMenuSession();
  const tenantSide = session !== null && TENANT_ROLES.has(session.role);
  return (
    <ul className={context === 'tenant' ? 'nav-menu nav-menu--tenant' : 'nav-menu'}>
      {menuItems(context, session).map((item) =>
        tenantSide && context === 'public' && LOGOUT_SUBMENU_LINKS.has(item.label) ? (
          <LogoutSubmenu key={item.to} item={item} onNavigate={onNavigate} logout={session.logout} />
        ) : (
          <li key={item.to}>
            <NavLink to={item.to} end onClick={onNavigate}>
              {item.label}
            </NavLink>
          </li>
        ),
      )}
      {context === 'tenant' && tenantSide ? (
        <li>
          <button
            type="button"
            className="nav-menu__logout"
            onClick={() => {
              onNavigate();
              session.logout();
            }}
          >
            Log out
          </button>
        </li>
      ) : null}
      {context === 'agent' && session ? (
        <li>
          <button type="button" className="nav-menu__logout" onClick={session.logout}>
            Log Out
          </button>
        </li>
      ) : null}
    </ul>
  );
}

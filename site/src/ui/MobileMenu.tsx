import { useRef } from 'react';
import { Link } from 'react-router-dom';
import type { MenuContext } from './menus';
import { NavMenu } from './NavMenu';

/**
 * The slide-out menu used below 1356 px. A modal <dialog> gives the overlay, focus containment and Escape
 * to close for free, which keeps it keyboard-operable without extra code.
 */
export function MobileMenu({ context }: { context: MenuContext }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = () => dialog.current?.close();

  return (
    <>
      <button
        type="button"
        className="menu-toggle"
        aria-haspopup="dialog"
        aria-controls="mobile-menu"
        onClick={() => dialog.current?.showModal()}
      >
        <span className="menu-toggle__bars" aria-hidden="true" />
        <span className="menu-toggle__label">Menu</span>
      </button>
      <dialog
        id="mobile-menu"
        ref={dialog}
        className="mobile-menu"
        aria-label="Menu"
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element itself: close, as on the overlay of any drawer.
          if (event.target === dialog.current) close();
        }}
      >
        <div className="mobile-menu__panel">
          <button type="button" className="mobile-menu__close" aria-label="Close menu" onClick={close}>
            ×
          </button>
          <nav aria-label="Mobile">
            <NavMenu context={context} onNavigate={close} />
          </nav>
          {context === 'public' ? (
            <Link to="/signup" className="button" onClick={close}>
              Sign Up
            </Link>
          ) : null}
        </div>
      </dialog>
    </>
  );
}

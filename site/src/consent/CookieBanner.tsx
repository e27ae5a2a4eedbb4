import { Link } from 'react-router-dom';
import { CATEGORIES, type ConsentCategory } from './consent-cookie';

type Props = { onSave(categories: readonly ConsentCategory[]): void; onMoreSettings(): void };

/** Shown until the visitor chooses; not modal, so the page stays usable while it is there. */
export function CookieBanner({ onSave, onMoreSettings }: Props) {
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title">
      <div className="container cookie-banner__inner">
        <div>
          <h2 id="cookie-banner-title">Cookies on this site</h2>
          <p>
            We use cookies that the site needs to work, and, if you agree, analytics and advertising cookies that help
            us improve it. Read our <Link to="/policy/cookie-policy">cookie policy</Link>.
          </p>
        </div>
        <div className="cookie-banner__actions">
          <button type="button" className="button" onClick={() => onSave(CATEGORIES)}>
            Accept all
          </button>
          <button type="button" className="button button--secondary" onClick={() => onSave([])}>
            Decline
          </button>
          <button type="button" className="link-button" onClick={onMoreSettings}>
            More Settings
          </button>
        </div>
      </div>
    </section>
  );
}

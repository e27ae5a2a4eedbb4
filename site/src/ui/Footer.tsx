import { Link } from 'react-router-dom';
import { useConfig } from '../config/ConfigContext';
import { DEFAULT_SITE_NAME } from '../config/public-config';
import { PhoneLink } from './PhoneLink';

export function Footer() {
  const state = useConfig();
  const config = state.status === 'ready' ? state.config : null;

  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <section aria-labelledby="footer-service">
          <h2 id="footer-service">Customer service</h2>
          <p>Monday to Friday, 9am to 5pm</p>
          {config?.phone ? (
            <p>
              Call us on <PhoneLink phone={config.phone} />
            </p>
          ) : null}
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links">Useful links</h2>
          <ul>
            <li><Link to="/help">Help Centre</Link></li>
            <li><Link to="/agents/info">Agents &amp; Landlords</Link></li>
            <li><Link to="/sustainability">Sustainability</Link></li>
          </ul>
        </section>
        <p className="site-footer__legal">
          © {new Date().getFullYear()} {config?.siteName ?? DEFAULT_SITE_NAME}
        </p>
      </div>
    </footer>
  );
}

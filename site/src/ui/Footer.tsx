import { Link, useLocation } from 'react-router-dom';
import { useSiteInfo } from '../config/ConfigContext';
import { useConsent } from '../consent/ConsentContext';
import { OffsetBadge } from './OffsetBadge';
import { PhoneLink } from './PhoneLink';

const SITE_MAP = [
  { to: '/', label: 'Home' },
  { to: '/bill-packages', label: 'Bill packages' },
  { to: '/sustainability', label: 'Sustainability' },
  { to: '/help', label: 'Help Centre' },
  { to: '/agents/info', label: 'Agents & Landlords' },
  { to: '/signup/quote', label: 'Get a quote' },
] as const;

const INFORMATION = [
  { to: '/complaints', label: 'Complaints' },
  { to: '/payments-help', label: 'Payments help' },
  { to: '/regional-suppliers', label: 'Regional suppliers' },
  { to: '/energy-saving-tips', label: 'Energy saving tips' },
  { to: '/extra-help', label: 'Priority Services Register' },
  { to: '/warm-home-discount', label: 'Warm Home Discount' },
  { to: '/energy-price-guarantee', label: 'Energy Price Guarantee' },
  { to: '/energy-bill-support', label: 'Energy bill support' },
  { to: '/legals', label: 'Terms and tariffs' },
  { to: '/policy/privacy-policy', label: 'Privacy policy' },
  { to: '/policy/cookie-policy', label: 'Cookie policy' },
] as const;

const SOCIAL = [
  { href: 'https://www.facebook.com/sharedhousebills', label: 'Facebook' },
  { href: 'https://www.instagram.com/sharedhousebills', label: 'Instagram' },
  { href: 'https://x.com/sharedhousebills', label: 'X (Twitter)' },
  { href: 'https://www.linkedin.com/company/sharedhousebills', label: 'LinkedIn' },
] as const;

export function Footer() {
  const { siteName, phone } = useSiteInfo();
  const { openSettings } = useConsent();
  // The tenant area has its own navigation, so the public site map would only be noise there (§2.9).
  const showSiteMap = !useLocation().pathname.startsWith('/tenant-profile');

  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact us</h2>
          <p>
            Call <PhoneLink phone={phone} />
          </p>
          <p>Monday to Friday, 9am to 5pm</p>
          <p>
            <a href="mailto:hello@sharedhousebills.co.uk">hello@sharedhousebills.co.uk</a>
          </p>
          <p>London, United Kingdom</p>
        </section>
        {showSiteMap ? (
          <nav aria-labelledby="footer-sitemap">
            <h2 id="footer-sitemap">Site map</h2>
            <ul>
              {SITE_MAP.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <nav aria-labelledby="footer-information">
          <h2 id="footer-information">Information</h2>
          <ul className="site-footer__columns">
            {INFORMATION.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social">Follow us</h2>
          <ul>
            {SOCIAL.map((link) => (
              <li key={link.href}>
                <a href={link.href} rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <OffsetBadge />
        </section>
      </div>
      <div className="site-footer__bar">
        <div className="container site-footer__bar-inner">
          <p>
            © {new Date().getFullYear()} {siteName}. All rights reserved. Registered in England and Wales.
          </p>
          <button type="button" className="link-button" onClick={openSettings}>
            Cookie settings
          </button>
        </div>
      </div>
    </footer>
  );
}

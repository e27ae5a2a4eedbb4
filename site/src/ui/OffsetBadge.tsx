import { Link } from 'react-router-dom';

/** The offset badge: one tree planted per customer, linking to how we do it. Drawn inline, nothing fetched. */
export function OffsetBadge() {
  return (
    <Link to="/sustainability" className="offset-badge">
      <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="19" fill="#e7f3ee" stroke="#0f5c4a" strokeWidth="2" />
        <path d="M20 8 11 22h6l-5 7h16l-5-7h6z" fill="#0f5c4a" />
        <rect x="18.5" y="29" width="3" height="5" fill="#0f5c4a" />
      </svg>
      <span>
        One tree planted
        <br />
        for every customer
      </span>
    </Link>
  );
}

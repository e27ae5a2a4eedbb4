import { Link } from 'react-router-dom';
import { useConfig, useFeature, useSiteInfo } from '../config/ConfigContext';
import { PhoneLink } from './PhoneLink';

/**
 * "Get a FREE quote" when online quoting (feature quotingFO) is on, otherwise an invitation to call. The
 * prerendered HTML (and the first render, until the config arrives) holds both: the server marks the page
 * `<html data-quoting="on|off">` and the stylesheet shows the one that applies, so the right offer is there
 * before any script runs and nothing moves when the config arrives.
 */
export function QuoteCallToAction({ className = 'cta' }: { className?: string }) {
  const state = useConfig();
  const quotingOnline = useFeature('quotingFO');
  const { phone } = useSiteInfo();
  const loading = state.status === 'loading';

  const online = (
    <div className="cta__online">
      <Link to="/signup/quote" className="button button--large">
        Get a FREE quote
      </Link>
    </div>
  );
  const call = (
    <p className="cta__call">
      For a free quote, give us a call on <PhoneLink phone={phone} />. We are here Monday to Friday, 9am to 5pm.
    </p>
  );
  if (loading) {
    return (
      <div className={`${className} cta--either`}>
        {online}
        {call}
      </div>
    );
  }
  return <div className={className}>{quotingOnline ? online : call}</div>;
}

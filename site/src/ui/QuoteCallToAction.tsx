import { Link } from 'react-router-dom';
import { useConfig, useFeature, useSiteInfo } from '../config/ConfigContext';
import { PhoneLink } from './PhoneLink';

/**
 * "Get a FREE quote" when online quoting (feature quotingFO) is on, otherwise an invitation to call. While
 * the config loads (and in the prerendered HTML) the space is reserved so the page does not jump.
 */
export function QuoteCallToAction({ className = 'cta' }: { className?: string }) {
  const state = useConfig();
  const quotingOnline = useFeature('quotingFO');
  const { phone } = useSiteInfo();

  if (state.status === 'loading') return <div className={`${className} cta--pending`} aria-hidden="true" />;
  if (quotingOnline) {
    return (
      <div className={className}>
        <Link to="/signup/quote" className="button button--large">
          Get a FREE quote
        </Link>
      </div>
    );
  }
  return (
    <div className={className}>
      <p className="cta__call">
        For a free quote, give us a call on <PhoneLink phone={phone} />. We are here Monday to Friday, 9am to 5pm.
      </p>
    </div>
  );
}

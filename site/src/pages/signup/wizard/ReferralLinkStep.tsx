import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Loader } from '../../../ui/Loader';

/**
 * /signup/:url, the alternate flow's link step: an agency's or a promo link's own path (e.g.
 * /signup/hyde-park-lettings) opens the quote with that link as the referral, so the header says "in
 * partnership with" the agency and the sign-up is credited to it.
 */
export function ReferralLinkStep() {
  const { url } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/signup/quote?ref=${encodeURIComponent(url ?? '')}`, { replace: true });
  }, [url, navigate]);
  return <Loader />;
}

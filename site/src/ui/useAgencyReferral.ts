import { useEffect, useState } from 'react';

const QUERY = `mutation AgencyReferral($input: AgencyReferralInput!) {
  getAgencyReferralInfoByUrl(input: $input) { json }
}`;

/** Reads the referring agency's name out of the mutation's answer ({ json: { referralCompanyName } } or null). */
export function readReferralCompanyName(body: unknown): string | null {
  const json = (body as { data?: { getAgencyReferralInfoByUrl?: { json?: unknown } } } | null)?.data?.getAgencyReferralInfoByUrl?.json;
  const name = (json as { referralCompanyName?: unknown } | null | undefined)?.referralCompanyName;
  return typeof name === 'string' && name ? name : null;
}

/**
 * The agency whose referral link brought the visitor here, asked once when the header mounts (later
 * navigations keep the answer). Failures leave the header as it is: this is a nicety, not a requirement.
 */
export function useAgencyReferral(): string | null {
  const [companyName, setCompanyName] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/v2/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ query: QUERY, variables: { input: { url: window.location.href } } }),
      signal: controller.signal,
    })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => setCompanyName(readReferralCompanyName(body)))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return companyName;
}

export const DEFAULT_PAGE_TITLE = 'Real Estate Bills Management';
const SEPARATOR = ' | ';
export const DESCRIPTION_MAX = 160;
export const SOCIAL_DESCRIPTION_MAX = 200;

// Title format is "<page title or default><separator><site name>" (specification §1).
export function formatTitle(pageTitle: string | undefined, siteName: string): string {
  return `${pageTitle || DEFAULT_PAGE_TITLE}${SEPARATOR}${siteName}`;
}

/** Cuts a description to at most `max` characters, at a word boundary, ending with an ellipsis. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** Organisation structured data, the same on every page (specification §1). */
export function organisationJsonLd(siteName: string, phone: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: siteName,
    foundingDate: '2010',
    address: { '@type': 'PostalAddress', addressLocality: 'London', addressCountry: 'GB' },
    areaServed: 'GB',
    knowsLanguage: 'en-GB',
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      telephone: `+44 ${phone.replace(/^0/, '')}`,
      areaServed: 'GB',
      availableLanguage: 'en-GB',
      hoursAvailable: 'Mo-Fr 09:00-17:00',
    },
  };
}

import { documentLink } from './documents';
import { TARIFF_PERIODS, tariffTitle } from './tariff-periods';
import type { Article } from './types';

export const article: Article = {
  heading: 'Legal information',
  intro: 'The terms that govern our service, every tariff we have offered, and documents you can download.',
  sections: [
    {
      heading: 'Terms and conditions',
      blocks: [
        {
          links: [
            { to: '/legals/our-terms', label: 'Our terms' },
            { to: '/legals/domestic-terms', label: 'Domestic terms and conditions' },
            { to: '/legals/business-terms', label: 'Business terms and conditions' },
          ],
        },
      ],
    },
    {
      heading: 'Tariffs',
      blocks: [
        { links: TARIFF_PERIODS.map(({ slug, label }) => ({ to: `/legals/our-terms/${slug}`, label: tariffTitle(label) })) },
        { links: [{ to: '/legals/historic-tariffs', label: 'Historic tariffs' }] },
      ],
    },
    {
      heading: 'Downloads',
      blocks: [{ links: [documentLink('domestic-terms-and-conditions.pdf'), documentLink('business-guide.pdf'), documentLink('tenant-letter.pdf'), documentLink('welcome-letter.pdf')] }],
    },
    {
      heading: 'Policies',
      blocks: [{ links: [{ to: '/policy/privacy-policy', label: 'Privacy policy' }, { to: '/policy/cookie-policy', label: 'Cookie policy' }, { to: '/complaints', label: 'Complaints procedure' }] }],
    },
  ],
};

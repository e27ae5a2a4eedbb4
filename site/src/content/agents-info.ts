import { documentLink } from './documents';
import type { Article } from './types';

export const article: Article = {
  heading: 'For agents and landlords',
  intro: 'Offer bills-inclusive shared houses without taking on the admin. We set up, manage and close every utility for your properties, at no cost to you.',
  sections: [
    {
      heading: 'Why agents work with us',
      blocks: [
        {
          list: [
            'Houses with bills sorted let faster, especially to students and young professionals.',
            'Split liability means no chasing tenants for a housemate’s share.',
            'We handle void periods, meter readings and supplier changes between tenancies.',
            'A partner dashboard shows every property, its services and its contract dates.',
          ],
        },
      ],
    },
    {
      heading: 'How it works',
      blocks: [
        {
          ordered: true,
          list: ['Register your agency and add your properties.', 'Send tenants your referral link, or give them our tenant letter.', 'Tenants choose their package and sign up for their own share.', 'We look after the bills for the whole tenancy and close everything when it ends.'],
        },
      ],
    },
    {
      heading: 'Resources for your tenants',
      blocks: [{ links: [documentLink('tenant-letter.pdf'), documentLink('welcome-letter.pdf'), documentLink('sign-up-form.pdf'), documentLink('business-guide.pdf')] }],
    },
    {
      heading: 'Get started',
      blocks: [{ links: [{ to: '/agents/signup', label: 'Become a partner agent' }, { to: '/signin/agent', label: 'Agent sign in' }] }, 'Questions? Call our partnerships team on {phone}, Monday to Friday, 9am to 5pm.'],
    },
  ],
};

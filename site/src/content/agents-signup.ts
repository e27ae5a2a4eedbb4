import type { Article } from './types';

export const article: Article = {
  heading: 'Become a partner agent',
  intro: 'Register your letting agency with us to offer bills-inclusive shared houses. Partnership is free, and you earn a referral fee for every house that signs up.',
  sections: [
    {
      heading: 'What you will need',
      blocks: [{ list: ['Your agency’s registered name and address.', 'Your Companies House number, if you are a limited company.', 'Your redress scheme membership (The Property Ombudsman or the Property Redress Scheme).', 'A contact name, e-mail address and phone number for the person who will manage your account.'] }],
    },
    {
      heading: 'How to register',
      blocks: [
        'E-mail partners@sharedhousebills.co.uk with the details above, or call our partnerships team on {phone}, Monday to Friday, 9am to 5pm. We will verify your agency, usually within two working days, and send you an invitation to set up your agent portal account.',
      ],
    },
    {
      heading: 'After you register',
      blocks: ['You get your own referral link, a partner dashboard listing your properties and their contracts, and printed material for your tenants. Your agency’s name appears on our site when tenants arrive through your link.', { links: [{ to: '/agents/info', label: 'Learn more about working with us' }] }],
    },
  ],
};

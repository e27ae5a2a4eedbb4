import type { Article } from './types';

export const article: Article = {
  heading: 'Privacy policy',
  intro: '{siteName} is the controller of the personal data we hold about you. This policy explains what we collect, why, and the rights you have under UK data protection law.',
  sections: [
    {
      heading: 'What we collect',
      blocks: [
        {
          list: [
            'Your name, date of birth, e-mail address, phone number and the address of your house.',
            'Bank or card details for your payments (card details are held by our payment provider, not by us).',
            'Meter readings, the services in your package and your payment history.',
            'Messages and call notes when you contact us.',
          ],
        },
      ],
    },
    {
      heading: 'Why we use it',
      blocks: [
        'We use your data to provide the services in your contract, to collect your payments, to set up and close accounts with suppliers, to meet our legal obligations, and, with your consent, to send you marketing and measure how our site is used.',
      ],
    },
    {
      heading: 'Who we share it with',
      blocks: [
        'We share only what is needed with the energy, water, broadband and TV licensing companies that supply your house, our payment providers, and, where the law requires, credit reference agencies and public bodies. We never sell your data.',
      ],
    },
    {
      heading: 'How long we keep it',
      blocks: ['We keep account and billing records for six years after your contract ends, as tax law requires, then delete them. Marketing preferences are kept until you change them.'],
    },
    {
      heading: 'Your rights',
      blocks: [
        'You can ask for a copy of your data, ask us to correct or delete it, object to or restrict how we use it, and withdraw consent at any time. Contact privacy@sharedhousebills.co.uk or call {phone}. If you are unhappy with our answer you can complain to the Information Commissioner’s Office.',
        { links: [{ to: 'https://ico.org.uk/make-a-complaint/', label: 'Information Commissioner’s Office' }, { to: '/policy/cookie-policy', label: 'Our cookie policy' }] },
      ],
    },
  ],
};

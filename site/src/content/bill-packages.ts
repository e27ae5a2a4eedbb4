import { documentLink } from './documents';
import type { Article } from './types';

export const article: Article = {
  heading: 'Bill packages for shared houses',
  intro:
    'Every package bundles the bills a shared house needs into one fixed monthly payment per housemate. Pick the package that fits how your house lives, add the services you want, and we handle the rest.',
  sections: [
    {
      heading: 'Green Saver',
      blocks: [
        'Our most popular package for student houses. It covers 100% green electricity from wind, gas, water and sewerage, and a fair-use energy allowance sized for the number of bedrooms in your house.',
        { list: ['Fixed monthly share for each housemate', 'Energy allowance based on your house size', 'Add broadband and TV licence if you need them'] },
      ],
    },
    {
      heading: 'Lite',
      blocks: [
        'For houses that already have some bills in place, or want only the essentials. Choose any combination of energy, water, broadband and TV licence and pay only for what you pick.',
      ],
    },
    {
      heading: 'Unlimited',
      blocks: [
        'No energy allowance to keep an eye on. Your monthly share stays the same however much energy the house uses within fair use, so nobody has to nag about the heating.',
      ],
    },
    {
      heading: 'Broadband and TV licence',
      blocks: [
        'Broadband starts at 400Mbps, with 600Mbps, 800Mbps and 1000Mbps (1 GB) options for houses that stream, game or work from home. We arrange installation so it is ready when you move in; please allow at least two days, or three weeks where a new line is needed.',
        'A TV licence covers the whole house when you share one tenancy agreement. We buy it in your house’s name and renew it with your contract.',
        { links: [documentLink('telecom-guide.pdf')] },
      ],
    },
    {
      heading: 'How your share is worked out',
      blocks: [
        'We estimate the year’s cost of the services you choose for your house, add our fee, and divide it into equal monthly payments for each housemate. Each housemate has their own contract with us, so with split liability you only ever pay your own share.',
      ],
    },
  ],
  quote: true,
};

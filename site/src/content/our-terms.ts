import { TARIFF_PERIODS, tariffTitle } from './tariff-periods';
import type { Article } from './types';

export const article: Article = {
  heading: 'Our terms',
  intro: 'A plain-English summary of how our service works. The full legal wording is in the domestic terms and conditions.',
  sections: [
    {
      heading: 'Your contract and your share',
      blocks: [
        'Each housemate has their own contract with us for their share of the house’s bills. Your share is a fixed monthly amount worked out from the services your house chose and the number of housemates.',
        'Split liability: you are responsible only for your own share. If a housemate does not pay, we will not ask you to cover it.',
      ],
    },
    {
      heading: 'Contract length',
      blocks: ['Variable contracts run for at least 30 days. Fixed contracts run for at least 9 months and at most 14 months, usually matching your tenancy.'],
    },
    {
      heading: 'Fair use and reconciliation',
      blocks: ['Green Saver and Lite packages include an energy allowance for the house. If the house uses much more than the allowance, we will tell you during the contract and the difference will appear on your final statement, which we e-mail within 12 weeks of the end of your contract.'],
    },
    {
      heading: 'Moving in and out',
      blocks: ['Give us meter readings when you move in and out. We open and close every supplier account for your house, so you do not have to.'],
    },
    {
      heading: 'Our tariffs',
      blocks: [{ links: TARIFF_PERIODS.map(({ slug, label }) => ({ to: `/legals/our-terms/${slug}`, label: tariffTitle(label) })) }],
    },
  ],
};

import type { Article } from './types';

export const article: Article = {
  heading: 'Energy bill support',
  intro: 'How the government’s Energy Bills Support Scheme and the business discount scheme reached the houses we look after.',
  sections: [
    {
      heading: 'The £400 Energy Bills Support Scheme',
      blocks: [
        'Every household with a domestic electricity connection received £400 off its energy bills between October 2022 and March 2023. It was a discount, not a loan, so nobody has to pay it back.',
        {
          table: {
            caption: 'How the £400 was paid',
            head: ['Month', 'Amount'],
            rows: [
              ['October 2022', '£66'],
              ['November 2022', '£66'],
              ['December 2022', '£67'],
              ['January 2023', '£67'],
              ['February 2023', '£67'],
              ['March 2023', '£67'],
            ],
          },
        },
        'For our customers the monthly credit was applied to the house’s electricity account and shared equally between the housemates on the house contract that month.',
      ],
    },
    {
      heading: 'Energy Bills Discount Scheme for businesses',
      blocks: [
        'Business customers, including letting agents and landlords who hold energy contracts for common areas and void periods, could receive a discount on their unit rates under the Energy Bills Discount Scheme from 01/04/2023 to 31/03/2024.',
        'The discount was applied automatically where wholesale prices were above the scheme’s threshold. Our business terms explain how it appeared on statements.',
        { links: [{ to: '/legals/business-terms', label: 'Business terms and conditions' }] },
      ],
    },
    {
      heading: 'Other help',
      blocks: [{ links: [{ to: '/energy-price-guarantee', label: 'Energy Price Guarantee' }, { to: '/warm-home-discount', label: 'Warm Home Discount' }, { to: '/extra-help', label: 'Priority Services Register' }] }],
    },
  ],
};

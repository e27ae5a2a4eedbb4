import type { Article } from './types';

export const article: Article = {
  heading: 'Warm Home Discount',
  intro: 'The Warm Home Discount Scheme gave eligible households a one-off £150 credit on their electricity bill for winter 2023 to 2024.',
  sections: [
    {
      heading: 'The £150 credit',
      blocks: [
        'Eligible households received a £150 credit on their electricity bill before 31 March 2024. For our customers, the credit was applied to the house’s electricity account and passed on to the eligible housemate’s share.',
        'The discount did not affect your Cold Weather Payment or Winter Fuel Payment.',
      ],
    },
    {
      heading: 'Who qualified',
      blocks: [
        {
          list: [
            'People receiving the Guarantee Credit element of Pension Credit (the core group 1).',
            'People on a low income who received certain means-tested benefits and had high energy costs (the core group 2), in England and Wales.',
            'In Scotland, households on a low income who met their supplier’s criteria (the broader group).',
          ],
        },
        'Most eligible people in England and Wales were identified automatically through government data matching and received a letter explaining what would happen.',
      ],
    },
    {
      heading: 'Questions about the discount',
      blocks: ['If you think you should have received the discount but did not, call us on {phone}. We will check with you what the government’s data matching found for your address.'],
    },
  ],
};

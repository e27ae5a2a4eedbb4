import type { Article } from './types';

export const article: Article = {
  heading: 'Energy Price Guarantee',
  intro: 'From 1 October 2022 the government’s Energy Price Guarantee limited the price suppliers could charge for each unit of gas and electricity.',
  sections: [
    {
      heading: 'What the guarantee did',
      blocks: [
        'The guarantee capped unit rates and standing charges so that a typical household would pay around £2,500 a year for energy, instead of the much higher price cap that had been announced. The government paid suppliers the difference.',
        'From 1 July 2023 the Ofgem price cap fell below the guarantee level, so the price cap set prices again from then on.',
      ],
    },
    {
      heading: 'How it applied to our houses',
      blocks: [
        'The guarantee applied to every house we supply. Because your share is fixed, the savings were reflected when your usage was reconciled and in the shares of contracts that started while the guarantee was in place.',
        { links: [{ to: '/legals/our-terms/tariffs-oct-dec-2022', label: 'Our tariffs for October to December 2022' }, { to: '/legals/historic-tariffs', label: 'All historic tariffs' }] },
      ],
    },
    {
      heading: 'Other support',
      blocks: [{ links: [{ to: '/energy-bill-support', label: 'The £400 Energy Bills Support Scheme' }, { to: '/warm-home-discount', label: 'Warm Home Discount' }] }],
    },
  ],
};

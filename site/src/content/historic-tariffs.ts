import { documentLink } from './documents';
import rates from './tariff-rates.json';
import type { Article } from './types';

const pence = (value: number | undefined) => `${(value ?? 0).toFixed(2)}p`;

export const article: Article = {
  heading: 'Historic tariffs',
  intro: 'Every tariff we have used since April 2018. You may need these to check a past statement or a final bill.',
  sections: [
    {
      heading: 'Unit rates by period',
      blocks: [
        {
          table: {
            caption: 'Electricity and gas unit rates and standing charges by period',
            head: ['Period', 'Electricity per kWh', 'Electricity per day', 'Gas per kWh', 'Gas per day'],
            rows: rates.periods.map((period) => [period.label, pence(period.electric[0]), pence(period.electric[1]), pence(period.gas[0]), pence(period.gas[1])]),
          },
        },
        rates.vatNote,
      ],
    },
    {
      heading: 'Usage tariff sheets',
      blocks: ['Each sheet lists electricity, gas and electric-only rates for its periods.', { links: [documentLink('usage-tariffs-2022-2023.pdf'), documentLink('usage-tariffs-2023-2024.pdf'), documentLink('usage-tariffs-2024.pdf')] }],
    },
  ],
};

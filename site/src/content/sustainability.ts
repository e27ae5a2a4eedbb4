import type { Article } from './types';

export const article: Article = {
  heading: 'Sustainability',
  intro:
    'Shared houses use energy efficiently: one fridge, one boiler and one broadband line for the whole house. We build on that with green electricity, tree planting and practical advice.',
  sections: [
    {
      heading: '100% green electricity from wind',
      blocks: [
        'All the electricity in our packages is matched with renewable generation from UK wind farms, backed by Renewable Energy Guarantees of Origin certificates. That is true for every package, not an optional extra.',
      ],
    },
    {
      heading: 'A tree for every customer',
      blocks: [
        'Every time a housemate signs up with us, we plant a tree. Our planting partners choose native species suited to the site and look after each sapling through its first years.',
      ],
    },
    {
      heading: 'Our rewilding grove in the Scottish Highlands',
      blocks: [
        'Many of our trees go to a rewilding grove in the Scottish Highlands, where native Scots pine, birch and rowan are returning to land that was bare hillside. Restored woodland stores carbon, holds water in the soil and gives red squirrels, pine martens and woodland birds a home again.',
      ],
    },
    {
      heading: 'Using less, together',
      blocks: [
        'The greenest energy is the energy you do not use. Our energy saving tips are written for shared houses, where small habits multiplied by five or six people make a real difference.',
        { links: [{ to: '/energy-saving-tips', label: 'Energy saving tips for shared houses' }] },
      ],
    },
  ],
  quote: true,
};

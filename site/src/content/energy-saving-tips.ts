import { documentLink } from './documents';
import type { Article } from './types';

export const article: Article = {
  heading: 'Energy saving tips for shared houses',
  intro: 'In a house of five, every habit happens five times over. These simple changes keep the house warm and comfortable while using less energy.',
  sections: [
    {
      heading: 'Heating',
      blocks: [
        {
          list: [
            'Agree a thermostat setting as a house. Between 18°C and 21°C is comfortable for most people, and each degree lower saves around a tenth of the heating cost.',
            'Use the timer so the heating comes on before you get up and goes off when the house is empty.',
            'Close curtains at dusk and keep radiators clear of furniture and drying laundry.',
          ],
        },
      ],
    },
    {
      heading: 'Hot water and showers',
      blocks: [{ list: ['Keep showers to around four minutes: it saves water and the energy to heat it.', 'Wash clothes at 30°C and only with a full load.', 'Fix dripping hot taps; report them to your landlord.'] }],
    },
    {
      heading: 'Kitchen',
      blocks: [{ list: ['Boil only the water you need.', 'Put lids on pans and match the pan to the ring.', 'Keep the fridge at about 4°C and defrost the freezer when ice builds up.', 'Batch cook as a house: one oven for one hour beats five ovens for twenty minutes.'] }],
    },
    {
      heading: 'Electronics',
      blocks: [{ list: ['Switch consoles, monitors and speakers off at the wall rather than leaving them on standby.', 'Use LED bulbs and turn lights off in empty rooms.', 'Unplug chargers once devices are full.'] }],
    },
    {
      heading: 'Download the guide',
      blocks: ['Print our guide and stick it on the fridge so the whole house can see it.', { links: [documentLink('energy-saving-guide.pdf')] }],
    },
  ],
};

import type { Article } from './types';

export const article: Article = {
  heading: 'Extra help and the Priority Services Register',
  intro: 'The Priority Services Register is a free service that makes sure people who need extra support get it from their energy and water companies.',
  sections: [
    {
      heading: 'Who can join',
      blocks: [
        'You can join if you or someone you live with:',
        {
          list: [
            'has reached state pension age',
            'is disabled or has a long-term medical condition',
            'is recovering from an injury or illness',
            'uses medical equipment that needs electricity',
            'has a hearing, sight or mobility impairment',
            'is pregnant or has children under five',
            'has difficulty reading or speaking English',
            'needs extra help for a short time, for example after a bereavement',
          ],
        },
      ],
    },
    {
      heading: 'What support you get',
      blocks: [
        {
          list: [
            'Advance warning of planned power cuts, and priority support during unplanned ones.',
            'Bills and letters in large print, braille or another format.',
            'A password scheme so you know that anyone calling at your door is genuine.',
            'Meter readings arranged for you if you cannot read your meter yourself.',
            'Someone you trust nominated to receive your bills and letters.',
          ],
        },
      ],
    },
    {
      heading: 'How to join',
      blocks: ['Call us on {phone}, Monday to Friday, 9am to 5pm, and we will add you and share your details with your network operator and water company. Joining is free, and you can leave at any time.'],
    },
  ],
};

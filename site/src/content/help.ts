import { documentLink } from './documents';
import type { Article } from './types';

export const article: Article = {
  heading: 'Help Centre',
  intro: 'Answers to the questions housemates ask us most. Cannot find yours? Call us on {phone}, Monday to Friday, 9am to 5pm.',
  sections: [
    {
      id: 'faq',
      heading: 'Frequently asked questions',
      blocks: [
        {
          qa: [
            {
              question: 'What happens if a housemate does not pay?',
              answer: 'Nothing happens to you. Each housemate has their own contract with us, so split liability means one person’s missed payment never affects the others or their credit score.',
            },
            {
              question: 'When does my first payment go out?',
              answer: 'On the payment date you choose when you sign up, from the start of your contract. You can pick any day from the 1st to the 29th, or the last day of the month.',
            },
            {
              question: 'Do I need to give meter readings?',
              answer: 'Yes, please: a reading when you move in and when you move out keeps your final statement accurate. You can submit readings in your online account, and our meter reading guide shows where to find each meter.',
            },
            {
              question: 'What happens when we move out?',
              answer: 'Tell us your move-out date. We close the accounts with every supplier and e-mail your final statement within 12 weeks of the end of your contract.',
            },
            {
              question: 'Can someone join the house part-way through?',
              answer: 'Yes. The new housemate signs up for their own share and we adjust the house’s services from their start date.',
            },
          ],
        },
        { links: [documentLink('meter-reading-guide.pdf'), documentLink('statement-faq.pdf'), { to: '/payments-help', label: 'Help with payments' }] },
      ],
    },
    {
      id: 'emergency',
      heading: 'In an emergency',
      blocks: [
        'If you smell gas, open the windows, do not use electrical switches or naked flames, and call the National Gas Emergency Service on 0800 111 999 straight away. It is free and open 24 hours a day.',
        'For a power cut, call 105 from any phone. It is free and puts you through to your local electricity network operator.',
        'For a burst pipe or no water, turn off the water at the stopcock and call your water company. Their numbers are on our regional suppliers page.',
        { links: [{ to: '/regional-suppliers', label: 'Find your regional suppliers' }] },
      ],
    },
    {
      heading: 'Documents',
      blocks: [
        'Forms and guides you can download and print.',
        { links: [documentLink('direct-debit-form.pdf'), documentLink('sign-up-form.pdf'), documentLink('energy-saving-guide.pdf'), documentLink('telecom-guide.pdf')] },
      ],
    },
    {
      heading: 'Still need help?',
      blocks: ['Call us on {phone}, Monday to Friday, 9am to 5pm, or e-mail hello@sharedhousebills.co.uk. If something has gone wrong, our complaints page explains how we will put it right.', { links: [{ to: '/complaints', label: 'Make a complaint' }] }],
    },
  ],
};

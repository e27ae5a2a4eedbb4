import { documentLink } from './documents';
import type { Article } from './types';

export const article: Article = {
  heading: 'Payments help',
  intro: 'Your share is one fixed payment each month. Here is how it is collected, how to change it, and what to do if money is tight.',
  sections: [
    {
      heading: 'How you pay',
      blocks: [
        'Most housemates pay by Direct Debit, which is protected by the Direct Debit Guarantee. You can also pay by debit or credit card. Bills paid on receipt or by card are due within 14 days.',
        'You choose your payment day when you sign up: any day from the 1st to the 29th, or the last day of the month.',
        { links: [documentLink('direct-debit-form.pdf')] },
      ],
    },
    {
      heading: 'Changing your payment details',
      blocks: ['You can update your bank account, card or payment day in your online account under Billing & Payments, or by calling us on {phone}. Changes made at least five working days before your payment date apply to that payment.'],
    },
    {
      heading: 'Understanding your statement',
      blocks: ['Your statement shows each service in your share, the payments you have made and any balance. Our statement FAQ explains every line.', { links: [documentLink('statement-faq.pdf')] }],
    },
    {
      heading: 'If a payment fails',
      blocks: ['We will e-mail you and try again a few days later. If it fails a second time, please pay by card in your online account or call us. Split liability means a missed payment only ever affects your own account, never your housemates’.'],
    },
    {
      heading: 'Struggling to pay?',
      blocks: [
        'Please talk to us early. We can spread what you owe over a longer period, change your payment date to suit when you are paid, and point you to grants and support you may be entitled to.',
        { links: [{ to: '/extra-help', label: 'Extra help and the Priority Services Register' }, { to: 'https://www.stepchange.org', label: 'StepChange free debt advice' }] },
      ],
    },
  ],
};

import { documentLink } from './documents';
import type { Article } from './types';

export const article: Article = {
  heading: 'Domestic terms and conditions',
  intro: 'These terms apply to the energy, water, broadband and TV licence we arrange for domestic customers living in shared houses.',
  sections: [
    {
      heading: '1. About these terms',
      blocks: ['These terms form the contract between you and {siteName}. They sit alongside your welcome e-mail, which confirms your services, monthly share, contract dates and payment day.'],
    },
    {
      heading: '2. Supply',
      blocks: ['We arrange supply from the start date in your welcome e-mail. You must give us, or our suppliers, reasonable access to the meters at your house for safety checks and readings.'],
    },
    {
      heading: '3. Paying your share',
      blocks: ['You agree to pay your monthly share on your chosen payment day by Direct Debit or card. Bills paid on receipt or by card are due within 14 days. You are liable only for your own share.'],
    },
    {
      heading: '4. Changes to prices and terms',
      blocks: ['Your share is fixed for your contract. We will give you at least 30 days’ notice of any change to these terms, and you may end your contract without charge before a change takes effect.'],
    },
    {
      heading: '5. Ending your contract',
      blocks: ['Your contract ends on the end date in your welcome e-mail. You can end a variable contract with 30 days’ notice. We send your final statement within 12 weeks of the end of your contract.'],
    },
    {
      heading: '6. Complaints',
      blocks: ['Our complaints procedure is on our complaints page. If we cannot resolve an energy complaint within eight weeks, you can refer it to the Energy Ombudsman.', { links: [{ to: '/complaints', label: 'Complaints procedure' }, documentLink('domestic-terms-and-conditions.pdf')] }],
    },
  ],
};

import { documentLink } from './documents';
import type { Article } from './types';

export const article: Article = {
  heading: 'Business terms and conditions',
  intro: 'These terms apply to letting agents, landlords and other businesses that hold contracts with us, for example for void periods between tenancies or for common areas.',
  sections: [
    {
      heading: 'Void periods',
      blocks: ['When a house is between tenancies, the supply continues under the business contract of the agent or landlord responsible for it. Charges for the void period are invoiced monthly and payable within 14 days.'],
    },
    {
      heading: 'Energy Bills Discount Scheme',
      blocks: ['Eligible business supplies received the government’s Energy Bills Discount Scheme discount from 01/04/2023 to 31/03/2024, shown as a separate line on each invoice.'],
    },
    {
      heading: 'Liability and data',
      blocks: ['Each party is responsible for complying with data protection law for the tenant data it holds. Agents must have their tenants’ permission before passing their details to us.'],
    },
    {
      heading: 'Business guide',
      blocks: [{ links: [documentLink('business-guide.pdf')] }],
    },
  ],
};

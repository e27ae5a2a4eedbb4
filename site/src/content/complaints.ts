import type { Article } from './types';

export const article: Article = {
  heading: 'Complaints',
  intro: 'We are sorry if we have let you down. Tell us what went wrong and we will do our best to put it right quickly and fairly.',
  sections: [
    {
      heading: 'How to complain',
      blocks: [
        {
          list: [
            'Call us on {phone}, Monday to Friday, 9am to 5pm.',
            'E-mail complaints@sharedhousebills.co.uk with your name, address and what happened.',
            'Write to the Complaints Team, {siteName}, London.',
          ],
        },
        'Please tell us what you would like us to do to put things right. It helps us resolve your complaint sooner.',
      ],
    },
    {
      heading: 'What happens next',
      blocks: [
        {
          ordered: true,
          list: [
            'We acknowledge your complaint within two working days and give you the name of the person handling it.',
            'We investigate and keep you updated at least every ten working days.',
            'We send you our response in writing, explaining what we found and what we will do.',
          ],
        },
      ],
    },
    {
      heading: 'If you are not happy with our answer',
      blocks: [
        'If we have not resolved your energy complaint within eight weeks, or you are unhappy with our final response, you can ask the Energy Ombudsman to review it. Their service is free and independent.',
        { links: [{ to: 'https://www.ombudsman-services.org/sectors/energy', label: 'Energy Ombudsman' }, { to: 'https://www.citizensadvice.org.uk/consumer/energy/', label: 'Citizens Advice consumer helpline' }] },
      ],
    },
  ],
};

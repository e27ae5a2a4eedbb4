import type { Article } from './types';

export const article: Article = {
  heading: 'Forgotten your agent password?',
  intro: 'You can reset the password for your agent portal account yourself in a couple of minutes.',
  sections: [
    {
      heading: 'Reset your password',
      blocks: [
        {
          ordered: true,
          list: ['Go to the password reset page and enter the e-mail address you use for the agent portal.', 'Open the e-mail we send you and follow the link within 24 hours.', 'Choose a new password of at least 7 characters and sign in.'],
        },
        { links: [{ to: '/forgotpass', label: 'Reset my password' }, { to: '/signin/agent', label: 'Agent sign in' }] },
      ],
    },
    {
      heading: 'Still cannot sign in?',
      blocks: ['If the e-mail does not arrive, check your spam folder. If your e-mail address or agency has changed, call our partnerships team on {phone}, Monday to Friday, 9am to 5pm, and we will update your account.'],
    },
  ],
};

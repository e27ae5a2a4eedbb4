import type { Article } from './types';

export const article: Article = {
  heading: 'Cookie policy',
  intro: 'Cookies are small files a website stores in your browser. Here is what ours do and how you control them.',
  sections: [
    {
      heading: 'Functional cookies (always on)',
      blocks: ['These make the site work: they remember your cookie choice in a cookie called CookieConsent for 365 days, and keep you signed in to your account. The site cannot work without them, so they cannot be switched off.'],
    },
    {
      heading: 'Analytics cookies',
      blocks: ['With your consent, a tag manager and an analytics service measure which pages are visited and where people get stuck, and a help chat widget lets you message our team. They load ten seconds after a page opens, and only once you have agreed.'],
    },
    {
      heading: 'Targeting cookies',
      blocks: ['With your consent, our advertising partners measure ad conversions, and social media pixels, an affiliate tag and a click tracker tell us which adverts brought you to us. None of them load unless you agree.'],
    },
    {
      heading: 'Changing your choice',
      blocks: [
        'Use the Cookie settings link at the foot of any page to switch analytics or targeting cookies on or off. When you withdraw consent we remove those trackers from the page straight away.',
        'We count page views without cookies and without recording who you are: only the address of the page and the time.',
      ],
    },
  ],
};

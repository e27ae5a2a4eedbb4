import { TARIFF_PERIODS, tariffTitle } from '../content/tariff-periods';

/** Title and description of a page: the prerenderer writes them into the HTML, the browser keeps them in step. */
export type PageMeta = {
  /** Without it the title is the default "Real Estate Bills Management". */
  title?: string;
  description: string;
};

export const tariffPath = (slug: string) => `/legals/our-terms/${slug}`;

const tariffMeta: Record<string, PageMeta> = Object.fromEntries(
  TARIFF_PERIODS.map(({ slug, label }) => [
    tariffPath(slug),
    {
      title: tariffTitle(label),
      description: `Unit rates and standing charges for electricity, gas and electric-only homes on our tariffs for ${label}, including VAT.`,
    },
  ]),
);

/** Every public page by path (plain data, so tests and build scripts can read it without React). */
export const PAGE_META: Record<string, PageMeta> = {
  '/': {
    description:
      'One fixed monthly share for green energy, water, broadband and TV licence in your shared or student house, with each housemate liable only for their own share.',
  },
  '/bill-packages': {
    title: 'Bill Packages',
    description: 'Compare our Green Saver, Lite and Unlimited bill packages for shared houses: energy, water, broadband from 400Mbps and TV licence in one monthly payment.',
  },
  '/sustainability': {
    title: 'Sustainability',
    description: '100% green electricity from wind, a tree planted for every customer and our rewilding grove in the Scottish Highlands.',
  },
  '/help': {
    title: 'Help Centre',
    description: 'Answers to common questions about shared house bills, meter readings, payments and moving out, plus what to do in a gas, power or water emergency.',
  },
  '/complaints': {
    title: 'Complaints',
    description: 'How to make a complaint, how we handle it, the timescales we keep to and how to reach the Energy Ombudsman if we cannot put things right.',
  },
  '/payments-help': {
    title: 'Payments Help',
    description: 'How your monthly share is collected, how to change your payment date or card, and what to do if you are struggling to pay.',
  },
  '/regional-suppliers': {
    title: 'Regional Suppliers',
    description: 'Who supplies water and who runs the electricity and gas networks where you live, with the numbers to call for a power cut or gas leak.',
  },
  '/energy-saving-tips': {
    title: 'Energy Saving Tips',
    description: 'Simple ways for a shared house to use less energy: heating, hot water, laundry, cooking and appliances, and how much each habit can save.',
  },
  '/extra-help': {
    title: 'Extra Help and the Priority Services Register',
    description: 'Join the free Priority Services Register for extra support during power cuts, meter reads and billing if you are of pensionable age, disabled or unwell.',
  },
  '/warm-home-discount': {
    title: 'Warm Home Discount',
    description: 'The Warm Home Discount gave eligible households a £150 credit on their electricity bill before 31 March 2024. Check who qualified and how it was paid.',
  },
  '/energy-price-guarantee': {
    title: 'Energy Price Guarantee',
    description: 'How the government Energy Price Guarantee capped unit rates from October 2022 and how it was applied to the bills of our shared houses.',
  },
  '/energy-bill-support': {
    title: 'Energy Bill Support',
    description: 'The £400 Energy Bills Support Scheme from October 2022 to March 2023, paid as £66, £66 and four of £67, and the business discount scheme of 2023 to 2024.',
  },
  '/policy/privacy-policy': {
    title: 'Privacy Policy',
    description: 'What personal data we collect to run your bills, why, how long we keep it, who we share it with and your rights under UK data protection law.',
  },
  '/policy/cookie-policy': {
    title: 'Cookie Policy',
    description: 'The cookies our site uses, what each kind does, and how to accept, decline or change your cookie settings at any time.',
  },
  '/legals': {
    title: 'Legal Information',
    description: 'Our terms, current and historic tariffs, domestic and business terms and conditions, and the documents you can download.',
  },
  '/legals/our-terms': {
    title: 'Our Terms',
    description: 'The terms of our shared house bills service: your share, split liability, contract length, payments, moving in and out, and ending your contract.',
  },
  ...tariffMeta,
  '/legals/historic-tariffs': {
    title: 'Historic Tariffs',
    description: 'Every tariff we have offered since 2018, period by period, with downloadable usage tariff sheets for electricity, gas and electric-only homes.',
  },
  '/legals/domestic-terms': {
    title: 'Domestic Terms and Conditions',
    description: 'The terms and conditions for domestic energy supplied to our shared house customers, including billing, meter access, and ending supply.',
  },
  '/legals/business-terms': {
    title: 'Business Terms and Conditions',
    description: 'Terms for business customers, including letting agents and landlords who hold energy contracts for void periods and common areas.',
  },
  '/agents/info': {
    title: 'Agents & Landlords',
    description: 'Let your properties with bills included, without the admin: we set up, manage and close every utility for your shared houses, free of charge.',
  },
  '/agents/signup': {
    title: 'Become a Partner Agent',
    description: 'Register your letting agency with us to offer bills-inclusive shared houses, get a partner dashboard and earn a referral fee for every house.',
  },
  '/agents/forgot': {
    title: 'Agent Account Help',
    description: 'Forgotten the password for your agent portal account? Here is how to reset it, and who to contact if your agency details have changed.',
  },
};

export const NOT_FOUND_META: PageMeta = {
  title: 'Page not found',
  description: 'Sorry, we could not find that page. Visit the home page or our Help Centre to find what you are looking for.',
};

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
  '/signup': {
    title: 'Get a Quote',
    description: 'See what your shared house pays for energy, water, broadband and TV licence: Green Saver, Lite and Unlimited side by side, per tenant a week and a month.',
  },
  '/signup/quote': {
    title: 'Get a Quote',
    description: 'See what your shared house pays for energy, water, broadband and TV licence: Green Saver, Lite and Unlimited side by side, per tenant a week and a month.',
  },
  '/agents/forgot': {
    title: 'Agent Password Reset',
    description: 'Forgotten the password for your agent portal account? Enter your e-mail address and we will send you a link to choose a new one.',
  },
};

export const NOT_FOUND_META: PageMeta = {
  title: 'Page not found',
  description: 'Sorry, we could not find that page. Visit the home page or our Help Centre to find what you are looking for.',
};

/** Sign-in, password and account pages: forms, not marketing, but served and titled like every page. */
export const ACCOUNT_PAGE_META: Record<string, PageMeta> = {
  '/signin': { title: 'Sign In', description: 'Sign in to your Shared House Bills account: tenants, bill payers and letting agents.' },
  '/signin/tenant': { title: 'My Account', description: 'Sign in to your online account to see your house, payments, meter readings and energy use.' },
  '/signin/agent': { title: 'Agent Sign In', description: 'Letting agents and landlords: sign in to the agent portal to manage your properties and bills packages.' },
  '/my-energy-bill/login': { title: 'My Energy Bill', description: 'Sign in to My Energy Bill to see and pay your energy bill.' },
  '/forgotpass': { title: 'Forgotten Password', description: 'Forgotten your password? We will e-mail you a link to choose a new one.' },
  '/forgotpass/successfulReset': { title: 'Password Changed', description: 'Your password has been changed: sign in with your new password.' },
  '/resetpass': { title: 'Reset Your Password', description: 'Open the link in your e-mail to choose a new password.' },
  '/resetpass/linkExpired': { title: 'Link Expired', description: 'This password reset link has expired or has already been used: ask for a new one.' },
  '/resetpass/:hash': { title: 'Choose a New Password', description: 'Choose a new password for your Shared House Bills account.' },
  '/agents/resetpass/:hash': { title: 'Choose a New Password', description: 'Choose a new password for your agent portal account.' },
  '/tenant-profile': { title: 'My Account', description: 'Your online account: your house, payments, meter readings and energy use.' },
  '/tenant-profile/house': { title: 'Me & My House', description: 'Your contract, your house, your housemates and the services you get.' },
  '/tenant-profile/house/details': { title: 'Me & My House', description: 'Your contract, your house, your housemates and the services you get.' },
  '/tenant-profile/house/house-details': { title: 'Me & My House', description: 'Your contract, your house, your housemates and the services you get.' },
  '/tenant-profile/house/housemates': { title: 'Me & My House', description: 'Your contract, your house, your housemates and the services you get.' },
  '/tenant-profile/house/services': { title: 'Me & My House', description: 'Your contract, your house, your housemates and the services you get.' },
  '/tenant-profile/payments/info': { title: 'Billing & Payments', description: 'Your statements, statement of account, payment methods and payment schedule.' },
  '/tenant-profile/payments/single-payment': { title: 'Make a payment', description: 'Pay your balance, or any amount, by the card you keep with us.' },
  '/tenant-profile/give-meter-reading': { title: 'Submit Meter Reads', description: 'Send us your meter readings with a photo.' },
  '/tenant-profile/end-of-contract': { title: 'End of Contract', description: 'Tell us whether you will leave, stay or move when your contract ends.' },
  '/tenant-profile/refer-friend': { title: 'Refer a Friend', description: 'Your referral code and link, and the rewards you have earned.' },
  '/tenant-profile/energy-tips': { title: 'Energy Saving Tips', description: 'Practical ways for a shared house to use less energy.' },
  '/tenant-profile/broadband': { title: 'My Broadband', description: 'Your broadband speed, order and installation status, and upgrades.' },
  '/tenant-profile/energy-use': { title: 'Energy Usage Graphs', description: 'Your house energy use by month against your allowance.' },
  '/tenant-profile/energy-bill': { title: 'My Energy Bill', description: 'Your energy bill and the amount due.' },
  '/signup/initial': { title: 'Sign Up', description: 'Sign up your shared house for one fixed monthly share each: start a new house, join the house a housemate signed up, or just your energy bill.' },
  '/signup/join': { title: 'Join Your House', description: 'A housemate has signed up your house: join it with the link from your invitation and pay only your own share.' },
  '/signup/services': { title: 'Your House and Services', description: 'Find your house’s address and choose its services.' },
  '/signup/tenant-details': { title: 'About You', description: 'Your name, e-mail, mobile and date of birth, and your housemates to invite.' },
  '/signup/add-finishing-touches': { title: 'Finishing Touches', description: 'How and when you pay your share, broadband start date and referral code.' },
  '/signup/summary': { title: 'Check Your Answers', description: 'Check your house, plan, price and details before you create your account.' },
  '/signup/login-step': { title: 'Create Your Account', description: 'Choose a password for your online account.' },
  '/signup/add-payment': { title: 'Add Payment', description: 'Set up your Direct Debit or add your card.' },
  '/signup/:url': { title: 'Get a Quote', description: 'See what your shared house pays for energy, water, broadband and TV licence.' },
  '/signup-complete': { title: 'Signed Up', description: 'You are signed up: confirm your e-mail address and sign in.' },
  '/my-energy-bill/signup/house': { title: 'My Energy Bill: Your Home', description: 'Sign up for your energy bill: your home, who lives there and when.' },
  '/my-energy-bill/signup/quotes': { title: 'My Energy Bill: Your Estimate', description: 'What your home’s energy is estimated to cost each person.' },
  '/my-energy-bill/signup/tenant': { title: 'My Energy Bill: About You', description: 'Your name, e-mail, mobile and date of birth.' },
  '/my-energy-bill/signup/payment': { title: 'My Energy Bill: How You Pay', description: 'Pay each energy bill by card or yourself.' },
  '/my-energy-bill/signup/finish': { title: 'My Energy Bill: Check Your Answers', description: 'Check your home and details before you create your account.' },
  '/my-energy-bill/signup/login-step': { title: 'My Energy Bill: Create Your Account', description: 'Choose a password for My Energy Bill.' },
  '/agent-portal/dashboard': { title: 'Agent Portal', description: 'Your properties, contracts and bills packages.' },
  '/agent-portal/settings': { title: 'Settings', description: 'Your details and password, and your agency’s agents.' },
  '/agent-portal/bill-packages': { title: 'Bills Package', description: 'The bills packages your agency offers its tenants, and your quote link.' },
  '/agent-portal/portfolio-usage-summary': { title: 'Portfolio Usage Summary', description: 'Energy used by each of your properties against its allowance, and the usage report.' },
  '/agent-portal/properties': { title: 'All Properties', description: 'Every property of your agency: contracts, tenants signed and services.' },
  '/agent-portal/property/:propertyId': { title: 'Property', description: 'A property of your agency: contracts, supplier, bills package and meter readings.' },
  '/agent-portal/property/:propertyId/:tab': { title: 'Property', description: 'A property of your agency: contracts, supplier, bills package and meter readings.' },
};

import type { ComponentType } from 'react';
import { matchesRoutePattern } from '@app/api/rules';
import { TARIFF_PERIODS } from '../content/tariff-periods';
import type { Article } from '../content/types';
import { ArticlePage } from '../ui/ArticlePage';
import type { SignInPageProps } from './signin/SignInPage';
import { ACCOUNT_PAGE_META, NOT_FOUND_META, PAGE_META, tariffPath, type PageMeta } from './page-meta';

export { NOT_FOUND_META, type PageMeta };

export type PageEntry = PageMeta & { load: () => Promise<ComponentType> };

// Each page's code is its own chunk: the home page must not carry the words of forty others.
const article =
  (load: () => Promise<{ article: Article }>): PageEntry['load'] =>
  () =>
    load().then(({ article }) => {
      const Page = () => <ArticlePage article={article} />;
      return Page;
    });

const signIn = (props: SignInPageProps): PageEntry['load'] => () =>
  import('./signin/SignInPage').then((m) => () => <m.SignInPage {...props} />);

const ACCOUNT_LOADERS: Record<string, PageEntry['load']> = {
  '/signin': signIn({ kind: null, title: 'Sign in', intro: 'Tenants, bill payers and letting agents sign in here.' }),
  '/signin/tenant': signIn({ kind: 'tenant', title: 'My account', intro: 'Sign in to see your house, your payments, meter readings and energy use.' }),
  '/signin/agent': signIn({ kind: 'agent', title: 'Agent sign in', intro: 'Sign in to the agent portal to manage your properties.', forgotPath: '/agents/forgot' }),
  '/my-energy-bill/login': signIn({ kind: 'tenant', portal: 'ENERGY_BILL', title: 'My Energy Bill', intro: 'Sign in to see and pay your energy bill.' }),
  '/forgotpass': () => import('./password/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
  '/forgotpass/successfulReset': () => import('./password/PasswordNotices').then((m) => m.SuccessfulResetPage),
  '/resetpass': () => import('./password/PasswordNotices').then((m) => m.ResetPasswordIndexPage),
  '/resetpass/linkExpired': () => import('./password/PasswordNotices').then((m) => m.LinkExpiredPage),
  '/resetpass/:hash': () => import('./password/ResetPasswordPage').then((m) => m.ResetPasswordPage),
  '/agents/resetpass/:hash': () => import('./password/ResetPasswordPage').then((m) => m.ResetPasswordPage),
  '/tenant-profile': () => import('./tenant/TenantHomePage').then((m) => m.TenantHomePage),
  '/tenant-profile/house': () => import('./tenant/TenantHousePage').then((m) => m.TenantHousePage),
  '/tenant-profile/house/details': () => import('./tenant/TenantHousePage').then((m) => m.TenantHousePage),
  '/tenant-profile/house/house-details': () => import('./tenant/TenantHousePage').then((m) => m.TenantHousePage),
  '/tenant-profile/house/housemates': () => import('./tenant/TenantHousePage').then((m) => m.TenantHousePage),
  '/tenant-profile/house/services': () => import('./tenant/TenantHousePage').then((m) => m.TenantHousePage),
  '/tenant-profile/payments/info': () => import('./tenant/TenantPaymentsPage').then((m) => m.TenantPaymentsPage),
  '/tenant-profile/payments/single-payment': () => import('./tenant/SinglePaymentPage').then((m) => m.SinglePaymentPage),
  '/tenant-profile/give-meter-reading': () => import('./tenant/GiveMeterReadingPage').then((m) => m.GiveMeterReadingPage),
  '/tenant-profile/end-of-contract': () => import('./tenant/EndOfContractPage').then((m) => m.EndOfContractPage),
  '/tenant-profile/refer-friend': () => import('./tenant/ReferFriendPage').then((m) => m.ReferFriendPage),
  '/tenant-profile/energy-tips': () => import('./tenant/EnergyTipsPage').then((m) => m.EnergyTipsPage),
  '/tenant-profile/broadband': () => import('./tenant/BroadbandPage').then((m) => m.BroadbandPage),
  '/tenant-profile/energy-use': () => import('./tenant/EnergyUsePage').then((m) => m.EnergyUsePage),
  '/tenant-profile/energy-bill': () => import('./tenant/EnergyBillPage').then((m) => m.EnergyBillPage),
  '/agent-portal/dashboard': () => import('./agent/AgentDashboardPage').then((m) => m.AgentDashboardPage),
  '/agent-portal/settings': () => import('./agent/AgentSettingsPage').then((m) => m.AgentSettingsPage),
  '/agent-portal/bill-packages': () => import('./agent/AgentBillPackagesPage').then((m) => m.AgentBillPackagesPage),
  '/agent-portal/portfolio-usage-summary': () => import('./agent/AgentPortfolioUsagePage').then((m) => m.AgentPortfolioUsagePage),
  '/agent-portal/properties': () => import('./agent/AgentPropertiesPage').then((m) => m.AgentPropertiesPage),
  '/agent-portal/property/:propertyId': () => import('./agent/AgentPropertyPage').then((m) => m.AgentPropertyPage),
  '/agent-portal/property/:propertyId/:tab': () => import('./agent/AgentPropertyPage').then((m) => m.AgentPropertyPage),
};

// The sign-up wizard's steps (specification §2.3): each its own route, the answers kept on the server.
const SIGNUP_LOADERS: Record<string, PageEntry['load']> = {
  '/signup/initial': () => import('./signup/wizard/InitialStep').then((m) => m.InitialStep),
  '/signup/join': () => import('./signup/wizard/JoinStep').then((m) => m.JoinStep),
  '/signup/services': () => import('./signup/wizard/HouseStep').then((m) => () => <m.HouseStep flow="SIGNUP" step="services" />),
  '/signup/tenant-details': () => import('./signup/wizard/TenantDetailsStep').then((m) => () => <m.TenantDetailsStep flow="SIGNUP" step="tenant-details" />),
  '/signup/add-finishing-touches': () => import('./signup/wizard/FinishingTouchesStep').then((m) => m.FinishingTouchesStep),
  '/signup/summary': () => import('./signup/wizard/SummaryStep').then((m) => () => <m.SummaryStep flow="SIGNUP" step="summary" />),
  '/signup/login-step': () => import('./signup/wizard/LoginStep').then((m) => () => <m.LoginStep flow="SIGNUP" />),
  '/signup/add-payment': () => import('./signup/wizard/AddPaymentStep').then((m) => m.AddPaymentStep),
  '/signup/:url': () => import('./signup/wizard/ReferralLinkStep').then((m) => m.ReferralLinkStep),
  '/signup-complete': () => import('./signup/wizard/SignupCompletePage').then((m) => m.SignupCompletePage),
  '/my-energy-bill/signup/house': () => import('./signup/wizard/HouseStep').then((m) => () => <m.HouseStep flow="ENERGY_BILL" step="house" />),
  '/my-energy-bill/signup/quotes': () => import('./signup/wizard/EnergyBillQuoteStep').then((m) => m.EnergyBillQuoteStep),
  '/my-energy-bill/signup/tenant': () => import('./signup/wizard/TenantDetailsStep').then((m) => () => <m.TenantDetailsStep flow="ENERGY_BILL" step="tenant" />),
  '/my-energy-bill/signup/payment': () => import('./signup/wizard/EnergyBillPaymentStep').then((m) => m.EnergyBillPaymentStep),
  '/my-energy-bill/signup/finish': () => import('./signup/wizard/SummaryStep').then((m) => () => <m.SummaryStep flow="ENERGY_BILL" step="finish" />),
  '/my-energy-bill/signup/login-step': () => import('./signup/wizard/LoginStep').then((m) => () => <m.LoginStep flow="ENERGY_BILL" />),
};

const LOADERS: Record<string, PageEntry['load']> = {
  '/': () => import('./public/HomePage').then((m) => m.HomePage),
  '/bill-packages': article(() => import('../content/bill-packages')),
  '/sustainability': article(() => import('../content/sustainability')),
  '/help': article(() => import('../content/help')),
  '/complaints': article(() => import('../content/complaints')),
  '/payments-help': article(() => import('../content/payments-help')),
  '/regional-suppliers': article(() => import('../content/regional-suppliers')),
  '/energy-saving-tips': article(() => import('../content/energy-saving-tips')),
  '/extra-help': article(() => import('../content/extra-help')),
  '/warm-home-discount': article(() => import('../content/warm-home-discount')),
  '/energy-price-guarantee': article(() => import('../content/energy-price-guarantee')),
  '/energy-bill-support': article(() => import('../content/energy-bill-support')),
  '/policy/privacy-policy': article(() => import('../content/privacy-policy')),
  '/policy/cookie-policy': article(() => import('../content/cookie-policy')),
  '/legals': article(() => import('../content/legals')),
  '/legals/our-terms': article(() => import('../content/our-terms')),
  '/legals/historic-tariffs': article(() => import('../content/historic-tariffs')),
  '/legals/domestic-terms': article(() => import('../content/domestic-terms')),
  '/legals/business-terms': article(() => import('../content/business-terms')),
  '/agents/info': article(() => import('../content/agents-info')),
  '/agents/signup': () => import('./agent/AgentSignupPage').then((m) => m.AgentSignupPage),
  '/signup': () => import('./signup/SignupQuotePage').then((m) => m.SignupQuotePage),
  '/signup/quote': () => import('./signup/SignupQuotePage').then((m) => m.SignupQuotePage),
  ...SIGNUP_LOADERS,
  '/agents/forgot': () => import('./password/ForgotPasswordPage').then((m) => () => <m.ForgotPasswordPage signInPath="/signin/agent" />),
  ...ACCOUNT_LOADERS,
  ...Object.fromEntries(
    TARIFF_PERIODS.map(({ slug }) => [tariffPath(slug), () => import('./public/TariffPage').then((m) => m.tariffPage(slug))]),
  ),
};

/** Every public page by path: its title and description and its code. */
export const PAGES: Record<string, PageEntry> = Object.fromEntries(
  Object.entries({ ...PAGE_META, ...ACCOUNT_PAGE_META }).map(([path, meta]) => {
    const load = LOADERS[path];
    if (!load) throw new Error(`No page code for ${path}`);
    return [path, { ...meta, load }];
  }),
);

/** The registry key of a browser path: the path itself, or the pattern (e.g. /resetpass/:hash) it matches. */
export function pageKeyFor(pathname: string): string | undefined {
  if (PAGES[pathname]) return pathname;
  return Object.keys(PAGES).find((key) => key.includes(':') && matchesRoutePattern(key, pathname));
}

/** Message keys and texts of the specification §8 that both the server and the front ends use. */
export const LOGIN_ERRORS = {
  'errors.form.login.incorrectData': 'Email or password incorrect!',
  'errors.form.login.noCurrentContract': 'You have no current contract with us for this portal.',
  'errors.form.login.loginUsingBillPortal': 'This e-mail is registered with My Energy Bill: please sign in there.',
  'errors.form.login.loginUsingMyAccount': 'This e-mail is registered with My Account: please sign in there.',
  'errors.form.login.loginUsingTenantSignIn': 'This is a tenant account: please sign in at My account (/signin/tenant).',
  'errors.form.login.notPayingTenant': 'Access to the online account is currently available only for paying tenants.',
  'errors.form.login.noRecentContractsFound': 'No recent contracts found.',
  'errors.form.login.expired': 'Account expired, contact customer service.',
  'errors.form.login.unconfirmed': 'You must confirm your account first!',
  'errors.signin.passwordIsNull': 'No password has been set for this account yet: use “Forgot password?” to create one.',
} as const;
export type LoginErrorKey = keyof typeof LOGIN_ERRORS;

export const GOOGLE_LOGIN_ERRORS = {
  userNotFound: 'User not found',
  failed: 'Something went wrong. Please try again',
} as const;

export const PASSWORD_RESET_MESSAGES = {
  unknownEmail: 'No account can be found with this email address.',
  linkExpired: 'This password reset link has expired or has already been used.',
} as const;

export const ROLE_ALREADY_EXISTS = 'role already exists';
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

/** Specification §8: what a tenant reads once the card provider's page has opened in its own tab. */
export const CARD_ADD_STARTED = "The process of adding a card has started and the card will soon appear in the tenant's payment information.";

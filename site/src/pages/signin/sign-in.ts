import { fieldMessages, graphqlRequest, type StoredUser } from '@app/api/client';
import type { TenantPortal, UserRole } from '@app/api/rules';

export type SignInKind = 'tenant' | 'agent' | null;

const LOGIN = `mutation ($input: LoginInput!) {
  login(input: $input) { auth { jwtToken } role user { id email firstName lastName } }
}`;

export type LoginOutcome =
  | { ok: true; token: string; role: UserRole; user: StoredUser }
  | { ok: false; message: string; fields: Record<string, string> };

export async function logIn(email: string, password: string, kind: SignInKind, portal: TenantPortal): Promise<LoginOutcome> {
  const answer = await graphqlRequest<{ login: { auth: { jwtToken: string }; role: UserRole; user: StoredUser } }>(LOGIN, {
    input: { email, password, ...(kind ? { userRole: kind } : {}), portal },
  });
  const login = answer.data?.login;
  if (login) return { ok: true, token: login.auth.jwtToken, role: login.role, user: login.user };
  const error = answer.errors[0];
  const fields = fieldMessages(answer);
  return { ok: false, message: error?.extensions?.fields ? '' : (error?.message ?? 'Something went wrong. Please try again'), fields };
}

/** Where each role lands after signing in, unless it came from a protected page. */
export const HOME_OF_ROLE: Record<UserRole, string> = {
  front: '/tenant-profile',
  'bill-payer': '/tenant-profile',
  agent: '/agent-portal/dashboard',
  backoffice: '/admin/1/',
  partner: '/admin/1/',
};

/** The page to return to: only a path on this site (never another host), as remembered by the redirect. */
export function returnPath(search: string, role: UserRole): string {
  const wanted = new URLSearchParams(search).get('redirect');
  return wanted && wanted.startsWith('/') && !wanted.startsWith('//') ? wanted : HOME_OF_ROLE[role];
}

/** Password reset calls, shared by the site's and the back office's reset pages. */
import { password as passwordRule, passwordsMatch, required } from '../rules/validators';
import { fieldMessages, graphqlRequest } from './graphql-request';

export type PasswordOutcome = { ok: true } | { ok: false; message: string; fields: Record<string, string>; expired: boolean };

/** A mutation's answer as the form needs it: success, or the message and the per-field messages. */
function outcome(answer: Awaited<ReturnType<typeof graphqlRequest>>): PasswordOutcome {
  if (answer.data && !answer.errors.length) return { ok: true };
  const error = answer.errors[0];
  const fields = fieldMessages(answer);
  const expired = (error?.extensions as { reason?: string } | undefined)?.reason === 'linkExpired';
  return { ok: false, message: Object.keys(fields).length ? '' : (error?.message ?? 'Something went wrong. Please try again'), fields, expired };
}

export async function requestReset(email: string): Promise<PasswordOutcome> {
  return outcome(await graphqlRequest('mutation ($email: String!) { requestPasswordReset(input: { email: $email }) }', { email }));
}

export async function linkIsValid(token: string): Promise<boolean> {
  const answer = await graphqlRequest<{ isPasswordResetLinkValid: boolean }>('query ($token: String!) { isPasswordResetLinkValid(token: $token) }', { token });
  return answer.data?.isPasswordResetLinkValid === true;
}

export async function resetPassword(token: string, password: string, confirmPassword: string): Promise<PasswordOutcome> {
  return outcome(
    await graphqlRequest('mutation ($input: ResetPasswordInput!) { resetPassword(input: $input) }', { input: { token, password, confirmPassword } }),
  );
}

/** A new-password form's problems by field, checked before it is sent: given, strong enough, typed twice the same. */
export function newPasswordProblems(password: string, confirmPassword: string): Record<string, string> {
  const problems: Record<string, string> = {};
  const weak = required(password) ?? passwordRule(password);
  if (weak) problems.password = weak;
  const mismatch = passwordsMatch(password, confirmPassword);
  if (mismatch) problems.confirmPassword = mismatch;
  return problems;
}

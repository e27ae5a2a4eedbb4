import { fieldMessages, graphqlRequest } from '@app/api/client';

type Outcome = { ok: true } | { ok: false; message: string; fields: Record<string, string>; expired: boolean };

/** A mutation's answer as the form needs it: success, or the message and the per-field messages. */
function outcome(answer: Awaited<ReturnType<typeof graphqlRequest>>): Outcome {
  if (answer.data && !answer.errors.length) return { ok: true };
  const error = answer.errors[0];
  const fields = fieldMessages(answer);
  const expired = (error?.extensions as { reason?: string } | undefined)?.reason === 'linkExpired';
  return { ok: false, message: Object.keys(fields).length ? '' : (error?.message ?? 'Something went wrong. Please try again'), fields, expired };
}

export async function requestReset(email: string): Promise<Outcome> {
  return outcome(await graphqlRequest('mutation ($email: String!) { requestPasswordReset(input: { email: $email }) }', { email }));
}

export async function linkIsValid(token: string): Promise<boolean> {
  const answer = await graphqlRequest<{ isPasswordResetLinkValid: boolean }>('query ($token: String!) { isPasswordResetLinkValid(token: $token) }', { token });
  return answer.data?.isPasswordResetLinkValid === true;
}

export async function resetPassword(token: string, password: string, confirmPassword: string): Promise<Outcome> {
  return outcome(
    await graphqlRequest('mutation ($input: ResetPasswordInput!) { resetPassword(input: $input) }', { input: { token, password, confirmPassword } }),
  );
}

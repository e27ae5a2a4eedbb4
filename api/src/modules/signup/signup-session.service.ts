import { SignupSession, type Knex } from '@app/db';
import { consumeAttempt } from '../../auth/rate-limit';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { SIGNUP_FIRST_STEP, SIGNUP_FLOW_STEPS, SIGNUP_FLOWS, type SignupFlow } from '../../rules';

/*
 * The sign-up wizard's state on the server (issue 15): a session per sign-up, found by its unguessable token,
 * holding the step the visitor is on and what each step answered, so back, forward and refresh lose nothing
 * and staff can see where a sign-up stopped. Steps check their own answers when they are built; here only the
 * shape and size of what is kept are checked. A completed sign-up is never changed again.
 */

export const SIGNUP_SESSION_MESSAGES = {
  notFound: 'This sign-up could not be found: please start again.',
  completed: 'This sign-up is already complete: sign in to your account instead.',
} as const;
/** New sign-ups per visitor address an hour: plenty for a house of twelve on one connection. */
export const SIGNUP_START_LIMIT = { limit: 30, windowMinutes: 60 };
/** What one step may keep: its answers, not files. */
const MAX_STEP_BYTES = 16_384;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the visitor's browser gets: the token is their handle, the common state starts isNewHouse and houseContractId null. */
export function toSessionView(session: SignupSession) {
  return { token: session.token, flow: session.flow, step: session.step, steps: [...SIGNUP_FLOW_STEPS[session.flow as SignupFlow]], state: session.state, completed: session.completedAt !== null };
}

export async function startSignupSession(db: Knex, input: { flow?: string | null; referralSlug?: string | null }, ip: string | null) {
  const flow = (input.flow ?? 'SIGNUP') as SignupFlow;
  const errors: FieldError[] = [];
  if (!SIGNUP_FLOWS.includes(flow)) errors.push({ field: 'flow', rule: 'oneOf', message: `Flow must be one of ${SIGNUP_FLOWS.join(', ')}` });
  const slug = input.referralSlug?.trim().toLowerCase() || null;
  if (slug && !/^[a-z0-9][a-z0-9-]{0,99}$/.test(slug)) errors.push({ field: 'referralSlug', rule: 'format', message: 'Not a referral link' });
  if (errors.length) throw DomainError.invalid(errors);
  await consumeAttempt(db, { key: `signup-start:ip:${ip ?? 'unknown'}`, ...SIGNUP_START_LIMIT });
  const session = await SignupSession.query(db).insertAndFetch({ flow, step: SIGNUP_FIRST_STEP[flow], state: { isNewHouse: null, houseContractId: null }, referralSlug: slug });
  return toSessionView(session);
}

async function findSession(db: Knex, token: string, forUpdate = false): Promise<SignupSession> {
  if (!UUID.test(token)) throw new DomainError('NOT_FOUND', SIGNUP_SESSION_MESSAGES.notFound);
  const query = SignupSession.query(db).findOne({ token });
  const session = await (forUpdate ? query.forUpdate() : query);
  if (!session) throw new DomainError('NOT_FOUND', SIGNUP_SESSION_MESSAGES.notFound);
  return session;
}

export async function readSignupSession(db: Knex, token: string) {
  return toSessionView(await findSession(db, token));
}

/**
 * Keeps a step's answers and makes it the current step. The e-mail and postcode a step gives are copied
 * where staff can search them. Two tabs saving at once are taken one after the other (row lock).
 */
export async function saveSignupStep(db: Knex, token: string, step: string, data: unknown) {
  return db.transaction(async (trx) => {
    const session = await findSession(trx, token, true);
    if (session.completedAt) throw new DomainError('CONFLICT', SIGNUP_SESSION_MESSAGES.completed);
    const steps: readonly string[] = SIGNUP_FLOW_STEPS[session.flow as SignupFlow];
    const errors: FieldError[] = [];
    if (!steps.includes(step)) errors.push({ field: 'step', rule: 'oneOf', message: `Step must be one of ${steps.join(', ')}` });
    if (data === null || typeof data !== 'object' || Array.isArray(data)) errors.push({ field: 'data', rule: 'object', message: 'The answers of a step are an object' });
    else if (Buffer.byteLength(JSON.stringify(data)) > MAX_STEP_BYTES) errors.push({ field: 'data', rule: 'maxSize', message: `A step keeps at most ${MAX_STEP_BYTES / 1024} KB of answers` });
    if (errors.length) throw DomainError.invalid(errors);
    const answers = data as Record<string, unknown>;
    const email = typeof answers.email === 'string' && EMAIL.test(answers.email.trim()) && answers.email.length <= 254 ? answers.email.trim() : session.email;
    const postcode = typeof answers.postcode === 'string' && POSTCODE.test(answers.postcode.trim()) ? answers.postcode.trim().toUpperCase() : session.postcode;
    const updated = await session.$query(trx).patchAndFetch({ step, state: { ...session.state, [step]: answers }, email, postcode, updatedAt: new Date() } as Partial<SignupSession>);
    return toSessionView(updated);
  });
}

import { logger } from '../../observability/logger';
import { PASSWORD_RESET_MESSAGES, TOO_MANY_ATTEMPTS } from '../../rules';
import { startApiHarness, type ApiHarness } from '../../testing';

/*
 * The specification's answer "No account can be found with this email address." tells whether an account
 * exists. It stays, but each one is counted per address: past ten an hour the address is refused (for known
 * and unknown e-mails alike, so it learns nothing more), and from the fifth each is logged for operators.
 */

let api: ApiHarness;
beforeAll(async () => (api = await startApiHarness()));
afterAll(() => api.stop());

const REQUEST = 'mutation ($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) }';
const ask = async (email: string, ip: string) => {
  const res = await api.graphql(REQUEST, { input: { email } }, null, { 'X-Forwarded-For': ip });
  return res.body.errors?.[0] ? { code: res.body.errors[0].extensions.code as string, message: res.body.errors[0].message as string } : { code: 'SENT', message: '' };
};

it('limits and logs the unknown e-mails one address asks about', async () => {
  const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
  try {
    for (let i = 0; i < 10; i++) {
      expect(await ask(`nobody${i}@example.test`, '198.51.100.7')).toEqual({ code: 'BAD_USER_INPUT', message: expect.stringContaining(PASSWORD_RESET_MESSAGES.unknownEmail) });
    }
    expect(await ask('tenant@demo.test', '198.51.100.7')).toEqual({ code: 'RATE_LIMITED', message: TOO_MANY_ATTEMPTS });
    expect(await ask('nobody99@example.test', '198.51.100.7')).toEqual({ code: 'RATE_LIMITED', message: TOO_MANY_ATTEMPTS });
    // Someone else, at another address, still gets the specification's answer.
    expect((await ask('nobody@example.test', '198.51.100.8')).message).toContain(PASSWORD_RESET_MESSAGES.unknownEmail);

    const warnings = warn.mock.calls.map((args) => String(args[1])).filter((text) => text.includes('possible account enumeration'));
    expect(warnings).toHaveLength(6);
    expect(warnings.at(-1)).toContain('198.51.100.7');
    const misses = await api.db.knex('auth_events').where({ event: 'PASSWORD_RESET_REQUESTED', ip: '198.51.100.7' }).whereNull('user_id').count({ n: '*' }).first();
    expect(misses).toEqual({ n: 10 });
    expect(await api.db.knex('auth_events').where({ event: 'RATE_LIMITED', ip: '198.51.100.7' }).count({ n: '*' }).first()).toEqual({ n: 2 });
  } finally {
    warn.mockRestore();
  }
});

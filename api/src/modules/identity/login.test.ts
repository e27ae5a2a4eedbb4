import { decodeJwt, SignJWT } from 'jose';
import { LOGIN, startApiHarness, type ApiHarness } from '../../testing';

let api: ApiHarness;
beforeAll(async () => (api = await startApiHarness()));
afterAll(() => api.stop());

const CHECK_AUTH = '{ checkAuth }';
const login = (input: Record<string, unknown>) => api.graphql(LOGIN, { input });
const refusal = async (input: Record<string, unknown>) => {
  const res = await login(input);
  expect(res.body.data).toBeNull();
  return { message: res.body.errors[0].message as string, key: res.body.errors[0].extensions.key as string, code: res.body.errors[0].extensions.code as string };
};

describe('login', () => {
  it.each([
    ['tenant@demo.test', 'front'],
    ['billpayer@demo.test', 'bill-payer'],
    ['agent@demo.test', 'agent'],
    ['fo-agent@demo.test', 'agent'],
    ['staff@demo.test', 'backoffice'],
    ['readonly@demo.test', 'backoffice'],
    ['partner@demo.test', 'partner'],
  ])('signs %s in as %s, and checkAuth answers the role first', async (email, role) => {
    const res = await login({ email, password: 'Demo1234' });
    expect(res.body.data.login).toMatchObject({ role, user: { email } });
    const token = res.body.data.login.auth.jwtToken;
    const claims = decodeJwt(token);
    expect(claims.user_id).toBe(res.body.data.login.user.id);
    // Only back-office roles carry permissions; their areas are levels.
    const permissions = (claims.options as { user_permissions: { areas: Record<string, string> } | null }).user_permissions;
    if (role === 'backoffice' || role === 'partner') expect(Object.values(permissions!.areas).every((level) => ['READ', 'WRITE'].includes(level))).toBe(true);
    else expect(permissions).toBeNull();
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(claims.exp).toBeLessThan(Date.now() / 1000 + 13 * 3600);
    const check = await api.graphql(CHECK_AUTH, {}, token);
    expect(check.body.data.checkAuth[0]).toBe(role);
    expect(check.body.data.checkAuth[1]).toBe(res.body.data.login.user.id);
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    expect(await refusal({ email: 'tenant@demo.test', password: 'Wrong1234' })).toEqual({
      message: 'Email or password incorrect!',
      key: 'errors.form.login.incorrectData',
      code: 'LOGIN_REFUSED',
    });
    expect((await refusal({ email: 'nobody@demo.test', password: 'Wrong1234' })).message).toBe('Email or password incorrect!');
  });

  it('refuses an account from another sign-in page, telling a tenant at the agent sign-in where to sign in', async () => {
    expect(await refusal({ email: 'tenant@demo.test', password: 'Demo1234', userRole: 'agent' })).toMatchObject({
      key: 'errors.form.login.loginUsingTenantSignIn',
      message: 'This is a tenant account: please sign in at My account (/signin/tenant).',
    });
    expect((await refusal({ email: 'tenant@demo.test', password: 'Wrong1234', userRole: 'agent' })).key).toBe('errors.form.login.incorrectData');
    expect((await refusal({ email: 'agent@demo.test', password: 'Demo1234', userRole: 'tenant' })).key).toBe('errors.form.login.incorrectData');
    expect(await login({ email: 'agent@demo.test', password: 'Demo1234', userRole: 'agent' })).toHaveProperty('body.data.login.role', 'agent');
  });

  describe('account states', () => {
    const makeTenant = async (email: string, overrides: Record<string, unknown>, contracts: Array<Record<string, unknown>>) => {
      const hash = (await api.db.knex('users').where({ email: 'tenant@demo.test' }).first('password_hash')).password_hash;
      const [user] = await api.db
        .knex('users')
        .insert({ email, password_hash: hash, role: 'front', portal: 'MY_ACCOUNT', confirmed_at: new Date(), ...overrides })
        .returning('id');
      for (const contract of contracts) await api.db.knex('tenant_contracts').insert({ user_id: user.id, status: 'ACTIVE', payment_method: 'DIRECT_DEBIT', ...contract });
    };
    const current = { start_date: '2020-01-01', end_date: '2099-12-31' };

    it.each([
      ['expired@demo.test', { expires_at: new Date('2020-01-01') }, [current], 'errors.form.login.expired', 'Account expired, contact customer service.'],
      ['unconfirmed@demo.test', { confirmed_at: null }, [current], 'errors.form.login.unconfirmed', 'You must confirm your account first!'],
      ['housemate@demo.test', {}, [{ ...current, payment_method: 'HOUSEMATE_PAYING' }], 'errors.form.login.notPayingTenant', 'Access to the online account is currently available only for paying tenants.'],
      ['old@demo.test', {}, [{ start_date: '2019-09-01', end_date: '2020-06-30' }], 'errors.form.login.noRecentContractsFound', 'No recent contracts found.'],
      ['energy-bill-portal@login.test', { portal: 'ENERGY_BILL' }, [current], 'errors.form.login.loginUsingBillPortal', expect.stringContaining('My Energy Bill')],
    ])('refuses %s with the specification key', async (email, overrides, contracts, key, message) => {
      await makeTenant(email, overrides, contracts);
      expect(await refusal({ email, password: 'Demo1234' })).toEqual({ key, message, code: 'LOGIN_REFUSED' });
    });

    it('sends My Account users back from the energy-bill portal, and checks that portal for a current contract', async () => {
      expect((await refusal({ email: 'tenant@demo.test', password: 'Demo1234', portal: 'ENERGY_BILL' })).key).toBe('errors.form.login.loginUsingMyAccount');
      await makeTenant('ended-energy@demo.test', { portal: 'ENERGY_BILL' }, [{ start_date: '2020-01-01', end_date: '2021-01-01' }]);
      expect((await refusal({ email: 'ended-energy@demo.test', password: 'Demo1234', portal: 'ENERGY_BILL' })).key).toBe('errors.form.login.noCurrentContract');
      expect(await login({ email: 'energy-bill-portal@login.test', password: 'Demo1234', portal: 'ENERGY_BILL' })).toHaveProperty('body.data.login.role', 'front');
      // Just signed up for next term's bill: in before the bill starts.
      await makeTenant('next-term-energy@demo.test', { portal: 'ENERGY_BILL' }, [{ start_date: '2099-09-01', end_date: '2100-08-31' }]);
      expect(await login({ email: 'next-term-energy@demo.test', password: 'Demo1234', portal: 'ENERGY_BILL' })).toHaveProperty('body.data.login.role', 'front');
    });

    it('tells an account with no password to set one', async () => {
      await api.db.knex('users').insert({ email: 'nopassword@demo.test', role: 'agent', confirmed_at: new Date() });
      expect(await refusal({ email: 'nopassword@demo.test', password: 'Anything1' })).toMatchObject({ key: 'errors.signin.passwordIsNull' });
    });
  });

  it('records every success and failure with the time and address', async () => {
    const events = await api.db.knex('auth_events').where({ email: 'staff@demo.test' }).orderBy('id');
    expect(events.map((e: { event: string }) => e.event)).toContain('LOGIN_SUCCEEDED');
    const failures = await api.db.knex('auth_events').where({ event: 'LOGIN_FAILED', email: 'nobody@demo.test' });
    expect(failures[0]).toMatchObject({ ip: expect.any(String), detail: { key: 'errors.form.login.incorrectData' } });
  });
});

describe('tokens', () => {
  it('rejects a tampered, an unsigned (alg none) and an expired token with 401', async () => {
    const token = await api.signIn('staff@demo.test');
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, user_id: claims.user_id + 1 })).toString('base64url');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const expired = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(Math.floor(Date.now() / 1000) - 10).sign(new TextEncoder().encode('test-secret-test-secret-test-secret-0123'));
    for (const bad of [`${header}.${forged}.${signature}`, none, expired]) {
      const res = await api.graphql(CHECK_AUTH, {}, bad);
      expect(res.status).toBe(401);
      expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
    expect((await api.graphql(CHECK_AUTH, {}, token)).status).toBe(200);
  });

  it('stops a token working after logout', async () => {
    const token = await api.signIn('agent@demo.test');
    expect((await api.graphql('mutation { logout }', {}, token)).body.data.logout).toBe(true);
    expect((await api.graphql(CHECK_AUTH, {}, token)).status).toBe(401);
  });

  it('revokes every earlier token when the password changes, and the new token works', async () => {
    const first = await api.signIn('billpayer@demo.test');
    const second = await api.signIn('billpayer@demo.test');
    const change = (input: Record<string, string>) =>
      api.graphql('mutation ($input: ChangePasswordInput!) { changePassword(input: $input) { auth { jwtToken } } }', { input }, first);
    const weak = await change({ currentPassword: 'Demo1234', password: 'short', confirmPassword: 'short' });
    expect(weak.body.errors[0].extensions.fields).toEqual([{ field: 'password', rule: 'password', message: 'At least 7 characters, with an uppercase letter, a lowercase letter and a digit' }]);
    const res = await change({ currentPassword: 'Demo1234', password: 'NewPass99', confirmPassword: 'NewPass99' });
    const fresh = res.body.data.changePassword.auth.jwtToken;
    expect((await api.graphql(CHECK_AUTH, {}, first)).status).toBe(401);
    expect((await api.graphql(CHECK_AUTH, {}, second)).status).toBe(401);
    expect((await api.graphql(CHECK_AUTH, {}, fresh)).status).toBe(200);
    expect(await api.signIn('billpayer@demo.test', 'NewPass99')).toBeTruthy();
  });
});

describe('brute force', () => {
  const from = (ip: string, input: Record<string, unknown>) => api.graphql(LOGIN, { input }, null, { 'X-Forwarded-For': ip });
  const codeFrom = async (ip: string, input: Record<string, unknown>) => {
    const res = await from(ip, input);
    return res.body.errors?.[0]?.extensions.code ?? 'SIGNED_IN';
  };

  it('counts each aliased sign-in in one request as an attempt', async () => {
    const aliases = Array.from({ length: 6 }, (_, i) => `a${i}: login(input: { email: "agent@demo.test", password: "Guess${i}x" }) { role }`).join('\n');
    const res = await api.graphql(`mutation { ${aliases} }`, {}, null, { 'X-Forwarded-For': '198.51.100.1' });
    expect(res.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual(['LOGIN_REFUSED']);
    const hits = await api.db.knex('rate_limit_counters').where({ key: 'login:pair:agent@demo.test:198.51.100.1' }).sum({ n: 'hits' }).first();
    expect(Number(hits?.n)).toBe(6);
    // Six counted, so four more guesses from this address and then even the right password is refused here.
    for (let i = 0; i < 4; i++) expect(await codeFrom('198.51.100.1', { email: 'agent@demo.test', password: `More${i}x` })).toBe('LOGIN_REFUSED');
    expect(await codeFrom('198.51.100.1', { email: 'agent@demo.test', password: 'Demo1234' })).toBe('RATE_LIMITED');
  });

  it('never locks the owner out: an attacker elsewhere only slows the account down', async () => {
    // Ten wrong passwords from the attacker's address, then that address is refused for this account...
    for (let i = 0; i < 10; i++) expect(await codeFrom('203.0.113.66', { email: 'fo-agent@demo.test', password: `Guess${i}x` })).toBe('LOGIN_REFUSED');
    expect(await codeFrom('203.0.113.66', { email: 'fo-agent@demo.test', password: 'Demo1234' })).toBe('RATE_LIMITED');
    // ...and from more addresses the account passes its own limit, which delays every attempt without refusing.
    for (let i = 0; i < 3; i++) expect(await codeFrom(`203.0.113.${70 + i}`, { email: 'fo-agent@demo.test', password: `Other${i}x` })).toBe('LOGIN_REFUSED');
    // The owner, from an address that has not failed, gets in with the right password (after a short wait).
    const started = Date.now();
    expect(await codeFrom('192.0.2.10', { email: 'fo-agent@demo.test', password: 'Demo1234' })).toBe('SIGNED_IN');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(await api.db.knex('auth_events').where({ email: 'fo-agent@demo.test', event: 'LOGIN_FAILED' }).count({ n: '*' }).first()).toEqual({ n: 13 });
  });

  it('refuses an address that tries many accounts', async () => {
    for (let i = 0; i < 50; i++) expect(await codeFrom('198.51.100.99', { email: `nobody${i}@demo.test`, password: 'Guess1x' })).toBe('LOGIN_REFUSED');
    expect(await codeFrom('198.51.100.99', { email: 'staff@demo.test', password: 'Demo1234' })).toBe('RATE_LIMITED');
    expect(await codeFrom('198.51.100.100', { email: 'staff@demo.test', password: 'Demo1234' })).toBe('SIGNED_IN');
  });
});

describe('production', () => {
  it('refuses the demo password outside development', async () => {
    const prod = await startApiHarness({ NODE_ENV: 'production' });
    try {
      const res = await prod.graphql(LOGIN, { input: { email: 'staff@demo.test', password: 'Demo1234' } });
      expect(res.body.errors[0].message).toBe('Email or password incorrect!');
    } finally {
      await prod.stop();
    }
  });
});

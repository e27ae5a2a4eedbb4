import { MASK, maskSecrets } from './mask-secrets';

it('masks password-like fields at any depth, including inside arrays, and leaves the rest alone', () => {
  const input = {
    email: 'a@b.test',
    password: 'Secret1',
    confirmPassword: 'Secret1',
    attempts: [{ pass: 'x', step: 1 }],
    headers: { Authorization: 'Bearer abc', accept: 'json' },
    refreshToken: 't',
  };
  expect(maskSecrets(input)).toEqual({
    email: 'a@b.test',
    password: MASK,
    confirmPassword: MASK,
    attempts: [{ pass: MASK, step: 1 }],
    headers: { Authorization: MASK, accept: 'json' },
    refreshToken: MASK,
  });
  expect(input.password).toBe('Secret1');
});

it('cuts cycles instead of recursing forever', () => {
  const looped: Record<string, unknown> = { name: 'x' };
  looped.self = looped;
  expect(maskSecrets(looped)).toEqual({ name: 'x', self: '[circular]' });
});

/**
 * Field validators of the specification §5, shared by the server and both front ends. Each returns null
 * when the value is fine (or empty, unless the rule is `required`), else the message to show.
 */
export type Validator = (value: unknown) => string | null;

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export const required: Validator = (value) => (isEmpty(value) ? 'Required' : null);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const email: Validator = (value) => (isEmpty(value) || (typeof value === 'string' && EMAIL.test(value.trim())) ? null : 'Invalid e-mail address');

export const PASSWORD_MIN_LENGTH = 7;
export const PASSWORD_RULE_MESSAGE = `At least ${PASSWORD_MIN_LENGTH} characters, with an uppercase letter, a lowercase letter and a digit`;
export const password: Validator = (value) => {
  if (isEmpty(value)) return null;
  const text = String(value);
  const ok = text.length >= PASSWORD_MIN_LENGTH && /[A-Z]/.test(text) && /[a-z]/.test(text) && /\d/.test(text);
  return ok ? null : PASSWORD_RULE_MESSAGE;
};

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export function passwordsMatch(first: unknown, second: unknown): string | null {
  return first === second ? null : PASSWORDS_DO_NOT_MATCH;
}

const NAME = /^\p{L}[\p{L} ,.'-]*$/u;
export const personName: Validator = (value) =>
  isEmpty(value) || NAME.test(String(value).trim()) ? null : 'Must start with a letter and use only letters, spaces, commas, dots, apostrophes and hyphens';

import type { ServiceUser } from './standard18';

/**
 * The service user's own account (credited by each file's contra) per service user number, from
 * `BACS_ACCOUNT_<SUN>=<sort code>:<account number>`; the defaults are the sandbox bureau's made-up accounts.
 */
export function serviceUser(number: string, name: string, env: NodeJS.ProcessEnv = process.env): ServiceUser {
  const configured = env[`BACS_ACCOUNT_${number}`];
  const [sortCode, accountNumber] = (configured ?? (number === '780142' ? '401276:78014200' : '401276:18876000')).split(':') as [string, string];
  if (!/^\d{6}$/.test(sortCode) || !/^\d{8}$/.test(accountNumber)) throw new Error(`BACS_ACCOUNT_${number} must be <6-digit sort code>:<8-digit account number>`);
  return { number, name, sortCode, accountNumber };
}

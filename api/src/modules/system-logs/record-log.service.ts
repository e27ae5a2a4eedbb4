import type { Knex } from '@app/db';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { boundsError, LOG_SEVERITIES, type LogSeverity } from '../../rules';
import { maskSecrets } from './mask-secrets';

export interface LogInput {
  message: unknown;
  options?: unknown;
  severity?: unknown;
}

const MAX_MESSAGE_LENGTH = 10_000;

function validate(input: LogInput): { message: string; options: Record<string, unknown>; severity: LogSeverity } {
  const errors: FieldError[] = [];
  const { message, options = {}, severity = 'INFO' } = input;
  if (typeof message !== 'string' || message.trim() === '') {
    errors.push({ field: 'message', rule: 'required', message: 'is required and must be text' });
  } else if (message.length > MAX_MESSAGE_LENGTH) {
    errors.push({ field: 'message', rule: 'maxLength', message: `must be at most ${MAX_MESSAGE_LENGTH} characters` });
  } else if (message.includes('\u0000')) {
    errors.push({ field: 'message', rule: 'characters', message: 'must not contain the null character' });
  }
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    errors.push({ field: 'options', rule: 'object', message: 'must be an object' });
  } else if (boundsError({ kind: 'json' }, options)) {
    errors.push({ field: 'options', rule: 'characters', message: 'must be at most 20000 characters without control characters' });
  }
  if (!(LOG_SEVERITIES as readonly unknown[]).includes(severity)) {
    errors.push({ field: 'severity', rule: 'oneOf', message: `must be one of ${LOG_SEVERITIES.join(', ')}` });
  }
  if (errors.length) throw DomainError.invalid(errors);
  return { message: message as string, options: options as Record<string, unknown>, severity: severity as LogSeverity };
}

/** Stores a client- or server-side log line. Passwords and other secrets are masked before they are written. */
export async function recordLog(
  db: Knex,
  input: LogInput,
  source: string,
  userId: number | null = null,
): Promise<{ id: number }> {
  const { message, options, severity } = validate(input);
  const [row] = await db('system_logs')
    .insert({ severity, message, options: JSON.stringify(maskSecrets(options)), source, user_id: userId })
    .returning('id');
  return { id: Number(row.id) };
}

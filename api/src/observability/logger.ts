/**
 * The one logger of the API, the workers and the launcher: pino, one JSON object a line (for a log collector),
 * or readable lines through pino-pretty in development (LOG_PRETTY). Level from LOG_LEVEL; silent under jest.
 *
 * - Each part logs through a child with a `component` ("api", "workers", "start", "http", "jobs", "notify", …);
 *   pretty lines read `[component] message`, as the console lines did before.
 * - Inside an HTTP request every line carries the request's id (`reqId`, the X-Request-Id answered), through
 *   an AsyncLocalStorage set by the request middleware (observability/http.ts).
 * - Secrets never reach the output: the paths below are replaced by "[Redacted]" at any depth up to three.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import { logSettings, type LogSettings } from '../config';

export type { Logger } from 'pino';

/** Field names whose values are secrets or card/bank details, wherever they appear in a logged object. */
const SECRET_KEYS = [
  'password', 'passwordConfirmation', 'confirmPassword', 'currentPassword', 'newPassword', 'oldPassword',
  'token', 'jwt', 'jwtToken', 'accessToken', 'refreshToken', 'idToken', 'sessionToken', 'signupToken',
  'secret', 'clientSecret', 'apiKey', 'api_key', 'secretKey', 'webhookSecret', 'callbackSecret',
  'authorization', 'Authorization', 'cookie', 'cookies', 'set-cookie',
  'cardNumber', 'card_number', 'pan', 'cvc', 'cvv', 'cvv2', 'expiry', 'expiryDate',
  'accountNumber', 'account_number', 'sortCode', 'sort_code', 'iban', 'bankAccount',
];

/** Keys that are not valid identifiers need the bracket form in a redact path. */
const segment = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`);
const join = (prefix: string, key: string) => (segment(key).startsWith('[') ? `${prefix}${segment(key)}` : `${prefix}.${key}`);

export const REDACT_PATHS: string[] = [
  ...SECRET_KEYS.map(segment),
  ...SECRET_KEYS.map((key) => join('*', key)),
  ...SECRET_KEYS.map((key) => join('*.*', key)),
  ...SECRET_KEYS.map((key) => join('*.*.*', key)),
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
];

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` (and everything it starts) as part of the request `requestId`: its log lines carry the id. */
export function runInRequest<T>(requestId: string, fn: () => T): T {
  return requestScope.run({ requestId }, fn);
}

/** The id of the HTTP request being handled, when there is one. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

function prettyStream(): DestinationStream {
  return pretty({
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    // The access log's fields are all in its message (observability/http.ts).
    ignore: 'pid,hostname,component,reqId,method,path,operation,status,userId,durationMs',
    singleLine: true,
    messageFormat: (log, messageKey) => `${log.component ? `[${String(log.component)}] ` : ''}${String(log[messageKey] ?? '')}`,
  });
}

/**
 * A logger with the product's options; `destination` replaces stdout (tests capture the output with it).
 * `redact: false` only for a logger whose lines are fixed fields that cannot hold a secret (the access log):
 * the redaction's ~150 wildcard paths cost about a fifth of the API's CPU when run on every request's line.
 */
export function createLogger(settings: LogSettings, destination?: DestinationStream, { redact = true }: { redact?: boolean } = {}): Logger {
  const options: LoggerOptions = {
    level: settings.level,
    ...(redact ? { redact: { paths: REDACT_PATHS, censor: '[Redacted]' } } : {}),
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { reqId: requestId } : {};
    },
  };
  return pino(options, destination ?? (settings.pretty ? prettyStream() : pino.destination({ dest: 1, sync: true })));
}

function settingsFromEnvironment(): LogSettings {
  try {
    return logSettings(process.env);
  } catch {
    // loadConfig() names the bad setting at start-up; until then, log as if it were unset.
    return logSettings({ ...process.env, LOG_LEVEL: undefined, LOG_PRETTY: undefined });
  }
}

/** The process's logger. Prefer `componentLogger(name)` so each line says where it comes from. */
export const logger: Logger = createLogger(settingsFromEnvironment());

/**
 * The access log's own logger (observability/http.ts): one line per request of flat, chosen fields (method,
 * path without its query, operation, status, duration, user id, request id), so it needs no redaction.
 */
export const accessLogger: Logger = createLogger(settingsFromEnvironment(), undefined, { redact: false });

/** A child of the process's logger whose lines say `[name]`. */
export function componentLogger(name: string): Logger {
  return logger.child({ component: name });
}

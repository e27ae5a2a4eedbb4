/**
 * The one error vocabulary of the product. Services throw these; the GraphQL formatter puts `code` in
 * `extensions.code` and the REST layer maps it to an HTTP status. Anything else is an internal error.
 */
export const ERROR_HTTP_STATUS = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  LOGIN_REFUSED: 401,
  RATE_LIMITED: 429,
  UNKNOWN_ERROR: 500,
  INTERNAL_SERVER_ERROR: 500,
  // Specification §8 server codes of card checkout sessions, webhooks and provider callbacks.
  INVALID_SESSION_ID: 400,
  SESSION_ALREADY_PROCESSED: 409,
  SESSION_TIMED_OUT: 410,
  SIGNATURE_NOT_PROVIDED: 400,
  TIMESTAMP_NOT_PROVIDED: 400,
  TIMESTAMP_OUTSIDE_LIMIT: 400,
  INVALID_SIGNATURE: 400,
  // The address service: an id it does not know, or a postcode or street where one address is needed.
  INVALID_PCA_ADDRESS_ID: 400,
  SPECIFY_PCA_ADDRESS: 400,
  // A service outside the product (the address finder) did not answer: the user can go on another way.
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_HTTP_STATUS;

export interface FieldError {
  field: string;
  rule: string;
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { fields?: FieldError[] } & Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }

  get httpStatus(): number {
    return ERROR_HTTP_STATUS[this.code];
  }

  /** A bad-input error naming each offending field and the rule it broke. */
  static invalid(fields: FieldError[]): DomainError {
    return new DomainError('BAD_USER_INPUT', fields.map((f) => `${f.field}: ${f.message}`).join('; '), { fields });
  }
}

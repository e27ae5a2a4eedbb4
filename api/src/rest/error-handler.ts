import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { DomainError } from '../errors/domain-error';
import { componentLogger } from '../observability/logger';

const log = componentLogger('api');

/** Any unknown route under /api answers JSON, never the site's HTML. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: { code: 'NOT_FOUND', message: `No API route ${req.method} ${req.originalUrl}` } });
};

/**
 * Domain errors keep their code and fields; malformed JSON is the client's fault; anything else is logged.
 * Every error body carries the request's id (`error.requestId`, the X-Request-Id header's value): see
 * observability/http.ts, which adds it to any `{ error }` body answered with a 4xx or 5xx status.
 */
export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  if (error instanceof DomainError) {
    const { fields, key } = error.details;
    res.status(error.httpStatus).json({ error: { code: error.code, message: error.message, fields, key } });
    return;
  }
  const status = (error as { status?: number }).status;
  if (status && status >= 400 && status < 500) {
    const code = (error as { type?: string }).type === 'entity.too.large' ? 'PAYLOAD_TOO_LARGE' : 'BAD_USER_INPUT';
    res.status(status).json({ error: { code, message: (error as Error).message } });
    return;
  }
  // Logged with its detail under a request id; the client gets the id, never the driver's text.
  const requestId = req.id ? String(req.id) : randomUUID();
  log.error({ err: error, reqId: requestId, method: req.method, path: req.originalUrl.split('?')[0] }, `unexpected error (request ${requestId})`);
  res.status(500).json({ error: { code: 'INTERNAL_SERVER_ERROR', message: `Unknown error (request ${requestId})`, requestId } });
};

/**
 * What every HTTP request goes through first: a request id (the caller's X-Request-Id when it looks like one,
 * a new UUID otherwise) answered in the X-Request-Id header and in every error body, one log line when the
 * answer is sent (pino-http: method, operation, status, duration, user id) and one sample of the request
 * duration histogram (metrics.ts).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { runInRequest } from './logger';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Ids from a proxy or a client are kept when they are short and plain (a UUID, a trace id); anything else is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export function requestIdFrom(header: string | undefined): string {
  return header && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

const GRAPHQL_PATH = '/api/v2/graphql';
const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;
const FIRST_NAMED_OPERATION = /^\s*(?:#[^\n]*\n\s*)*(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/;
/**
 * Operation names come from the caller: past this many different ones a process counts the rest as "other", so
 * nobody can grow the metrics without bound by inventing names (the log line still has the name sent).
 */
const MAX_GRAPHQL_OPERATIONS = 300;

const ROUTE = Symbol('matched route');
const OPERATION = Symbol('operation');
type Tracked = Request & { [ROUTE]?: string };

/**
 * Remembers the route pattern Express matches (`/api/v2/bills/:id/pdf`), with the prefix it was mounted
 * under *at the moment it matched*: by the time the answer is sent an error handler may have reset baseUrl.
 */
function trackMatchedRoute(req: Request): void {
  let route: unknown;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: { path?: unknown } | undefined) {
      route = value;
      if (value && typeof value.path === 'string') (req as Tracked)[ROUTE] = `${req.baseUrl}${value.path}`;
    },
  });
}

function graphqlOperationName(req: Request): string | null {
  const source = (req.method === 'GET' ? req.query : req.body) as { operationName?: unknown; query?: unknown } | undefined;
  if (!source || typeof source !== 'object') return null;
  if (typeof source.operationName === 'string' && OPERATION_NAME.test(source.operationName)) return source.operationName;
  if (typeof source.query === 'string') return FIRST_NAMED_OPERATION.exec(source.query.slice(0, 2000))?.[1] ?? null;
  return null;
}

export interface RequestOperation {
  /** For logs: `graphql Login`, `GET /api/v2/bills/:id/pdf`, `GET /healthz`, `GET (site)`. */
  name: string;
  /** For metrics: the same, bounded (unknown GraphQL names past the cap become `graphql (other)`). */
  label: string;
}

/** Route patterns, never raw URLs (no ids, no query strings: download tokens travel in `?jwt=`). */
export function operationOf(req: Request, seenGraphqlNames: Set<string>): RequestOperation {
  const cached = (req as Request & { [OPERATION]?: RequestOperation })[OPERATION];
  if (cached) return cached;
  let operation: RequestOperation;
  const route = (req as Tracked)[ROUTE];
  const path = req.originalUrl.split('?')[0]!;
  if (path === GRAPHQL_PATH) {
    const name = graphqlOperationName(req) ?? '(anonymous)';
    if (!seenGraphqlNames.has(name) && seenGraphqlNames.size < MAX_GRAPHQL_OPERATIONS) seenGraphqlNames.add(name);
    operation = { name: `graphql ${name}`, label: `graphql ${seenGraphqlNames.has(name) ? name : '(other)'}` };
  } else if (route) {
    operation = { name: `${req.method} ${route}`, label: `${req.method} ${route}` };
  } else if (path === '/healthz' || path === '/metrics') {
    operation = { name: `${req.method} ${path}`, label: `${req.method} ${path}` };
  } else {
    // Unmatched API paths (answered 404) and the site's and back office's files and pages.
    const label = `${req.method} ${path.startsWith('/api/') || path === '/api' ? '/api (no route)' : '(site)'}`;
    operation = { name: label, label };
  }
  (req as Request & { [OPERATION]?: RequestOperation })[OPERATION] = operation;
  return operation;
}

/** Error bodies `{ error: { code, message } }` carry the request id, whichever route wrote them. */
function stampErrorBodies(res: Response, requestId: string): void {
  const json = res.json.bind(res);
  res.json = (body?: unknown) => {
    if (res.statusCode >= 400 && body && typeof body === 'object' && !Array.isArray(body)) {
      const { error } = body as { error?: unknown };
      if (error && typeof error === 'object' && !Array.isArray(error) && !('requestId' in error)) {
        return json({ ...body, error: { ...error, requestId } });
      }
    }
    return json(body);
  };
}

export interface RequestObservabilityOptions {
  logger: Logger;
  /** Called once per answered (or abandoned) request with its duration in seconds. */
  observe?(operation: RequestOperation, status: number, seconds: number): void;
}

const userIdOf = (res: ServerResponse): number | null => ((res as Response).locals?.user as { id?: number } | null | undefined)?.id ?? null;

/** The first middleware of the app: request id, access log line, request duration. */
export function requestObservability({ logger, observe }: RequestObservabilityOptions): RequestHandler {
  const seenGraphqlNames = new Set<string>();
  const operation = (req: IncomingMessage) => operationOf(req as Request, seenGraphqlNames);
  const summary = (req: IncomingMessage, res: ServerResponse, durationMs: number) => {
    const user = userIdOf(res);
    return `${req.method} ${operation(req).name.replace(/^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /, '')} ${res.statusCode} in ${durationMs} ms${user ? ` (user ${user})` : ''}`;
  };
  // Flat fields (pino-http's `req`/`res` keys would go through its serializers): no query string, no headers.
  const fields = (req: IncomingMessage, res: ServerResponse, durationMs: number) => ({
    reqId: req.id,
    method: req.method,
    path: (req as Request).originalUrl?.split('?')[0],
    operation: operation(req).name,
    status: res.statusCode,
    userId: userIdOf(res),
    durationMs,
  });
  const httpLogger = pinoHttp({
    logger: logger.child({ component: 'http' }),
    // The id is chosen by the middleware below before pino-http runs; pino-http keeps an id already set.
    genReqId: (req) => req.id ?? randomUUID(),
    // Health checks and scrapes every few seconds would drown the rest.
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url?.startsWith('/metrics') === true },
    customLogLevel: (req, res, error) => {
      if (error || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      // The site's and back office's files: one page load fetches dozens.
      return operation(req).label.endsWith('(site)') ? 'debug' : 'info';
    },
    customSuccessObject: (req, res, value: { responseTime: number }) => fields(req, res, value.responseTime),
    // Without the error itself: the access logger does not redact, and the error handlers log it (redacted).
    customErrorObject: (req, res, _error, value: { responseTime: number }) => fields(req, res, value.responseTime),
    customSuccessMessage: (req, res, responseTime) => summary(req, res, responseTime),
    customErrorMessage: (req, res, _error) => summary(req, res, Date.now() - started.get(res)!),
    // The answer's line is logged with the fields above only; `req.log` (for handlers) binds the request's
    // id, method and path. pino-http's default would log every header, cookies and tokens among them.
    quietResLogger: true,
    serializers: { req: (req: { id?: unknown; method?: string; url?: string }) => ({ id: req.id, method: req.method, path: req.url?.split('?')[0] }) },
  });
  const started = new WeakMap<ServerResponse, number>();

  return (req, res, next) => {
    const requestId = requestIdFrom(req.get(REQUEST_ID_HEADER));
    req.id = requestId;
    // Later layers (Apollo's plugins, proxied calls) read the chosen id, not the one the caller sent.
    req.headers['x-request-id'] = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    stampErrorBodies(res, requestId);
    trackMatchedRoute(req);
    const start = process.hrtime.bigint();
    started.set(res, Date.now());
    let observed = false;
    const done = () => {
      if (observed) return;
      observed = true;
      observe?.(operation(req), res.statusCode, Number(process.hrtime.bigint() - start) / 1e9);
    };
    res.once('finish', done);
    res.once('close', done);
    httpLogger(req, res, () => runInRequest(requestId, () => next()));
  };
}

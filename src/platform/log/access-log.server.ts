/**
 * Every request scripts/start.mjs's server answers, cached or shed or rendered: its id (kept from a
 * sane `X-Request-Id`, else new; sent back in `X-Request-Id`), one access line when it ends
 * (method, path without secret query values, route pattern, status, duration, the account when
 * signed in, `cache: "hit"`; never the client's address), and the HTTP metrics by route pattern
 * (bounded labels: the route table's patterns, not raw paths). Cheap on purpose: the page cache
 * answers about a thousand requests a second.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { counter, histogram } from '#platform/metrics/metrics.server.ts';
import { loggablePath, logger } from './log.server.ts';
import { inRequest, requestIdFrom, type RequestInfo } from './request-context.server.ts';

/** The route label of a request no route answered: a static file, a shed 503, a refused body. */
export const NO_ROUTE = '(none)';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** `handler` with every request given an id, logged and counted. */
export function observeRequests(handler: Handler): Handler {
  // Without `redact`: these fields are made here and hold no secret (the path's are blanked), and
  // redaction's wildcard paths cost about 25 µs a line, measured, five times the line itself.
  const access = logger('http').child({}, { redact: [] });
  const requests = counter('sefer_http_requests_total', {
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
  });
  const durations = histogram('sefer_http_request_duration_seconds', {
    help: 'Time from request to the end of the answer, by route pattern',
    labelNames: ['route'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  return (request, response) => {
    const started = performance.now();
    const info: RequestInfo = { id: requestIdFrom(request.headers['x-request-id']) };
    response.setHeader('X-Request-Id', info.id);
    response.once('close', () => {
      const ms = performance.now() - started;
      const route = info.route ?? NO_ROUTE;
      const status = response.statusCode;
      requests.inc({ method: request.method, route, status });
      durations.observe({ route }, ms / 1000);
      if (!access.isLevelEnabled('info')) return;
      access.info(
        {
          reqId: info.id,
          method: request.method,
          path: loggablePath(request.url ?? ''),
          route,
          status,
          ms: Math.round(ms * 100) / 100,
          ...(info.userId !== undefined ? { userId: info.userId } : {}),
          ...(info.cache ? { cache: info.cache } : {}),
          ...(response.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
    });
    inRequest(info, () => handler(request, response));
  };
}

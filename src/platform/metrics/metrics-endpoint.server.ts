/**
 * GET /metrics, answered by scripts/start.mjs's server before the page cache and Astro (never
 * cached, never queued behind renders). Only for the addresses of METRICS_ALLOW (loopback by
 * default) or a request with `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets the same
 * 404 as any unknown address, so the endpoint is not advertised.
 *
 * Behind a proxy every request comes from the proxy's address (often loopback): a request that
 * says it was forwarded (X-Forwarded-For, Forwarded, X-Real-IP) is judged by the client address the
 * proxy appended when TRUST_PROXY is set, and is never let in by address otherwise.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { metricsText } from './metrics.server.ts';

export interface MetricsAccess {
  /** CIDR ranges (`10.0.0.0/8`, `::1/128`). */
  allow: readonly string[];
  token: string | undefined;
  trustProxy: boolean;
}

/** A BlockList (used as an allow list) of CIDR ranges. */
export function addressList(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address, bits] = range.split('/');
    const family = isIPv4(address!) ? 'ipv4' : isIPv6(address!) ? 'ipv6' : undefined;
    if (!family) throw new Error(`METRICS_ALLOW: ${range} is not a CIDR range`);
    list.addSubnet(address!, Number(bits), family);
  }
  return list;
}

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`, as a dual-stack socket shows it) as plain IPv4. */
const plain = (address: string) => (address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address);

function allowedAddress(list: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const a = plain(address.trim());
  if (isIPv4(a)) return list.check(a, 'ipv4');
  if (isIPv6(a)) return list.check(a, 'ipv6');
  return false;
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Whether this request may read the metrics. */
export function mayReadMetrics(request: IncomingMessage, access: MetricsAccess, list = addressList(access.allow)): boolean {
  const authorization = request.headers.authorization;
  if (access.token && authorization?.startsWith('Bearer ') && sameText(authorization.slice(7).trim(), access.token)) return true;
  const forwardedFor = request.headers['x-forwarded-for'];
  const forwarded = forwardedFor !== undefined || request.headers.forwarded !== undefined || request.headers['x-real-ip'] !== undefined;
  if (!forwarded) return allowedAddress(list, request.socket.remoteAddress);
  if (!access.trustProxy || typeof forwardedFor !== 'string') return false;
  // The entry the (one, trusted) proxy appended: the last one (as rate-limit.server.ts reads it).
  return allowedAddress(list, forwardedFor.split(',').at(-1));
}

export const isMetricsRequest = (request: IncomingMessage) =>
  (request.method === 'GET' || request.method === 'HEAD') && /^\/metrics(\?|$)/.test(request.url ?? '');

/** Answers GET /metrics (the caller checked `isMetricsRequest`): the text, or 404 for who may not read it. */
export function metricsHandler(access: MetricsAccess): (request: IncomingMessage, response: ServerResponse) => void {
  const list = addressList(access.allow);
  return (request, response) => {
    if (!mayReadMetrics(request, access, list)) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end('Not found');
      return;
    }
    metricsText().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        response.end(`metrics failed: ${(error as Error).message}`);
      },
    );
  };
}

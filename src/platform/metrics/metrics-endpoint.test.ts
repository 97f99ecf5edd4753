import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { observeRequests } from '#platform/log/access-log.server.ts';
import { currentRequest } from '#platform/log/request-context.server.ts';
import { counter } from './metrics.server.ts';
import { isMetricsRequest, metricsHandler, type MetricsAccess } from './metrics-endpoint.server.ts';

const TOKEN = 'a-metrics-token-of-32-characters';

/** start.mjs's order: observed, /metrics before anything else; other requests name their route as the app does. */
async function serve(access: MetricsAccess) {
  const metrics = metricsHandler(access);
  const server = http.createServer(
    observeRequests((request, response) => {
      if (isMetricsRequest(request)) return metrics(request, response);
      currentRequest()!.route = '/listings/[id]';
      response.end('a listing');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

const loopbackOnly: MetricsAccess = { allow: ['127.0.0.1/8', '::1/128'], token: TOKEN, trustProxy: false };
const elsewhereOnly: MetricsAccess = { allow: ['10.0.0.0/8'], token: TOKEN, trustProxy: false };

describe('/metrics', () => {
  it('answers an allowed address in the Prometheus text format, with the named metrics', async () => {
    const origin = await serve(loopbackOnly);
    counter('sefer_telegram_sends_total', { help: 'x', labelNames: ['method', 'result'] }).inc({ method: 'sendMessage', result: 'ok' });
    const response = await fetch(`${origin}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/plain; version=0.0.4');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const text = await response.text();
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_gc_duration_seconds',
      'sefer_http_requests_total',
      '# TYPE sefer_http_request_duration_seconds histogram',
      'sefer_telegram_sends_total{method="sendMessage",result="ok"} 1',
    ]) {
      expect(text).toContain(name);
    }
  });

  it('counts a request under its route pattern, not its path', async () => {
    const origin = await serve(loopbackOnly);
    const count = async () => {
      const text = await (await fetch(`${origin}/metrics`)).text();
      return Number(/sefer_http_requests_total\{method="GET",route="\/listings\/\[id\]",status="200"\} (\d+)/.exec(text)?.[1] ?? 0);
    };
    const before = await count();
    await (await fetch(`${origin}/listings/17`)).text();
    await (await fetch(`${origin}/listings/18`)).text();
    await expect.poll(count).toBe(before + 2);
    expect(await (await fetch(`${origin}/metrics`)).text()).not.toContain('/listings/17');
  });

  it('refuses (404) an address outside METRICS_ALLOW, and lets the bearer token in', async () => {
    const origin = await serve(elsewhereOnly);
    expect((await fetch(`${origin}/metrics`)).status).toBe(404);
    expect((await fetch(`${origin}/metrics`, { headers: { Authorization: 'Bearer wrong-token-wrong-token-wrong' } })).status).toBe(404);
    const withToken = await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toContain('sefer_http_requests_total');
  });

  it('refuses a forwarded request by address unless a trusted proxy names an allowed client', async () => {
    const untrusted = await serve(loopbackOnly);
    // nginx on this machine forwards the world's requests from 127.0.0.1: they must not pass as local.
    expect((await fetch(`${untrusted}/metrics`, { headers: { 'X-Forwarded-For': '203.0.113.9' } })).status).toBe(404);
    expect((await fetch(`${untrusted}/metrics`, { headers: { 'X-Forwarded-For': '127.0.0.1' } })).status).toBe(404);
    const trusted = await serve({ allow: ['192.0.2.0/24'], token: undefined, trustProxy: true });
    expect((await fetch(`${trusted}/metrics`, { headers: { 'X-Forwarded-For': '6.6.6.6, 192.0.2.7' } })).status).toBe(200);
    expect((await fetch(`${trusted}/metrics`, { headers: { 'X-Forwarded-For': '192.0.2.7, 203.0.113.9' } })).status).toBe(404);
  });
});

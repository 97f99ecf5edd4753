/**
 * HTTP load with autocannon's programmatic API: a fixed number of connections for a fixed time
 * per page type, the way a browser asks (Accept-Encoding with br and gzip, Accept: text/html).
 */
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import autocannon from 'autocannon';

export const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * @param {{ origin: string, paths: string[], connections: number, durationSec: number, accept?: string, unique?: boolean }} o
 * `paths` with more than one entry: each request picks one at random (detail pages, search terms).
 * `unique`: each request adds its own `miss=<n>` parameter, so that every one misses the page cache
 * and is rendered, cut, compressed and stored as a real miss is (issue 31). The numbers go on from
 * one call to the next: a pass that started again at 1 after its warm-up (before issue 31's sixth
 * session) was first served the warm-up's stored pages, as hits.
 */
let missNumber = 0;
export async function measure({ origin, paths, connections, durationSec, accept = 'text/html', unique = false }) {
  const headers = { 'accept-encoding': ACCEPT_ENCODING, accept, 'user-agent': 'sefer-bench' };
  const options = { url: origin, connections, duration: durationSec, headers, timeout: 10 };
  const distinct = (p) => (unique ? `${p}${p.includes('?') ? '&' : '?'}miss=${++missNumber}` : p);
  if (paths.length === 1 && !unique) {
    options.url = origin + paths[0];
  } else {
    let i = 0;
    options.requests = [
      {
        method: 'GET',
        setupRequest: (request) => {
          // A fixed stride through the list: every path is visited, in a scattered order.
          i = (i + 7919) % paths.length;
          return { ...request, path: distinct(paths[i]) };
        },
      },
    ];
  }
  // deploy/nginx.conf in front of the app speaks HTTPS with a throwaway certificate (autocannon does not check it).
  const result = await autocannon(options);
  const loadAvg1m = Math.round(os.loadavg()[0] * 100) / 100;
  return {
    connections,
    durationSec,
    requests: result.requests.total,
    rps: round(result.requests.average),
    latencyMs: {
      p50: round(result.latency.p50),
      p97_5: round(result.latency.p97_5),
      p99: round(result.latency.p99),
      mean: round(result.latency.average),
      max: round(result.latency.max),
    },
    bytesPerSec: Math.round(result.throughput.average),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    /** The machine's 1-minute load average right after the run (2 cores: above ~2.5 means others were busy too). */
    loadAvg1m,
  };
}

function round(n) {
  return Math.round(n * 100) / 100;
}

/** A few requests one after the other, so caches, JIT and the database pages are warm. */
export async function warm({ origin, paths, connections, durationSec, unique = false }) {
  if (durationSec <= 0) return;
  await measure({ origin, paths, connections, durationSec, unique });
}

/**
 * One GET without following redirects, over HTTP or HTTPS (a throwaway certificate accepted: the
 * benchmark only talks to its own servers on this machine). Rejects when nothing answers.
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer }>}
 */
export function get(url, headers = {}) {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(target, { headers, rejectUnauthorized: false, agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`GET ${url} took more than 30 s`)));
    request.on('error', reject);
  });
}
